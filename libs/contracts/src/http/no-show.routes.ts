import { z } from 'zod';
import { RISK_LEVELS } from '../constants/no-show';
import { defineRoute } from '../core/http-route';
import { depositOverrideSchema, setDepositOverrideRpc } from '../crm';
import { customerAttendanceSchema } from '../scheduling';

// Issue 30 a customer's no-show risk and staff's deposit choice, for the customer page (ADR 0060).

const STORE = '/api/v1/orga/:orga/store/:store';

const riskReasonSchema = z.union([
  z.object({ code: z.enum(['no_shows', 'late_cancellations', 'declines']), count: z.number().int(), months: z.number().int().nullable() }),
  z.object({ code: z.literal('kept_since_last_miss'), count: z.number().int() }),
]);

/** The risk rule's answer with what it read, staff's choice and what the store's policy makes of them. */
export const customerNoShowRiskSchema = z.object({
  level: z.enum(RISK_LEVELS),
  /** why, as data each screen words in its language */
  reasons: z.array(riskReasonSchema),
  /** no visit kept yet */
  new_customer: z.boolean(),
  attendance: customerAttendanceSchema,
  /** the store's window that made a cancellation late */
  cancellation_window_hours: z.number().int(),
  deposit_override: depositOverrideSchema,
  /** whether the store's policy asks this customer for a deposit or a card now */
  deposit_asked: z.boolean(),
  /** how often the customer did not come, as online booking counts it */
  no_shows: z.number().int(),
  /** online booking refuses the customer (the policy's number of no-shows reached) */
  booking_closed: z.boolean(),
});
export type CustomerNoShowRisk = z.infer<typeof customerNoShowRiskSchema>;

export const noShowHttpRoutes = {
  getCustomerNoShowRisk: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/no_show_risk`,
    summary: "A customer's no-show risk with its reasons, staff's deposit choice, and whether a deposit is asked or booking closed",
    tag: 'crm',
    response: customerNoShowRiskSchema,
  }),
  setCustomerDepositOverride: defineRoute({
    method: 'put',
    path: `${STORE}/customer/:customer/deposit_override`,
    summary: "Staff's deposit choice for a customer: always, never or automatic (who may change the customer)",
    tag: 'crm',
    body: setDepositOverrideRpc.request.omit({ orga_id: true, store_id: true, customer_id: true }),
    response: setDepositOverrideRpc.response,
  }),
};
