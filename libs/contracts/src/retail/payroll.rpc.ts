import { z } from 'zod';
import { defineRpc } from '../core';
import { LANGUAGES } from '../core/languages';
import { calendarDateSchema } from '../core/input-values';
import { commissionRuleFieldsSchema, commissionRuleSchema, payrollReportSchema, retailFileSchema } from './retail-shapes';

const orga = { orga_id: z.string().uuid() };
const period = { orga_id: z.string().uuid(), store_id: z.string().uuid(), from: calendarDateSchema, to: calendarDateSchema };

/** Every groomer's commission rule of the organization (organization administrators). */
export const listCommissionRulesRpc = defineRpc('rpc.retail.commission.list', z.strictObject(orga), z.array(commissionRuleSchema));

/** Sets a groomer's commission rule (organization administrators); a user who is not a member is unknown_reference. */
export const setCommissionRuleRpc = defineRpc(
  'rpc.retail.commission.set',
  z.strictObject({ ...orga, user_id: z.string().uuid(), ...commissionRuleFieldsSchema.shape }),
  commissionRuleSchema,
);

/**
 * A store's payroll for a period of local days, both included (organization administrators): per groomer the
 * net services and products, commission by their rule, tips and booked hours (libs/domain's payroll).
 */
export const payrollReportRpc = defineRpc('rpc.retail.payroll.report', z.strictObject(period), payrollReportSchema);

/** The same payroll as CSV, headed in the given language, with the groomers' names. */
export const payrollCsvRpc = defineRpc(
  'rpc.retail.payroll.csv',
  z.strictObject({ ...period, lang: z.enum(LANGUAGES).optional() }),
  retailFileSchema,
);
