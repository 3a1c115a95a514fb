import { z } from 'zod';
import { defineRpc, instantTextSchema } from '../core';
import { APPOINTMENT_STATUS } from '../constants/appointments';
import { appointmentListSchema, localDateSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/**
 * A customer's pets as crm lists them (the gateway asks crm, scheduling knows pets by id only): at most one
 * of crm's largest pages (CUSTOMER_PAGE_SIZE_MAX).
 */
export const CUSTOMER_HISTORY_PETS_MAX = 200;
const customerPetsSchema = z.array(uuid).max(CUSTOMER_HISTORY_PETS_MAX);

/** Which of a customer's appointments: from now on, soonest first, or before now, newest first (issue 29). */
export const customerHistoryWhenSchema = z.enum(['upcoming', 'past']);
export type CustomerHistoryWhen = z.infer<typeof customerHistoryWhenSchema>;

/**
 * Issue 29 the appointments of a customer's pets in a store, 50 a page as a pet's history (R9.05): `past`
 * newest first (within the plan's history, R1.20), `upcoming` soonest first; after the last date and id, or none.
 */
export const listCustomerAppointmentsRpc = defineRpc(
  'rpc.scheduling.customer-history.list',
  z.strictObject({
    ...schedulingStoreScope,
    pet_ids: customerPetsSchema,
    when: customerHistoryWhenSchema,
    last_date: instantTextSchema.nullable().default(null),
    last_id: uuid.nullable().default(null),
  }),
  appointmentListSchema,
);

/** The status value of a customer who did not come (issue 26); the summary's rule also takes null (nothing counted). */
export const NO_SHOW_STATUS: number | null = APPOINTMENT_STATUS.no_show;

/** Issue 29 what a customer's appointments in a store tell at a glance. Money in cents. */
export const customerAppointmentSummarySchema = z.object({
  /** every appointment counted here (past ones within the plan's history, R1.20) */
  appointments: z.number().int(),
  /** from now on, neither declined nor missed */
  upcoming: z.number().int(),
  /** checked out (R4.11): what spend and the average ticket are made of */
  checked_out: z.number().int(),
  /** the checked-out appointments' money net of discounts, as analytics counts revenue (R1.12) */
  spend: z.number().int(),
  /** spend over the checked-out appointments, rounded to the cent; null with none */
  average_ticket: z.number().int().nullable(),
  /** the latest appointment before now that was neither declined nor missed */
  last_visit: z.object({ appointment_id: uuid, date: localDateSchema, starts_at: z.string() }).nullable(),
  /** declined by the customer (status 2, R3.07) */
  declined: z.number().int(),
  /** missed (issue 26's no-show status); null while that status does not exist (NO_SHOW_STATUS) */
  no_shows: z.number().int().nullable(),
  /** R1.20 the start of the history counted (the plan's window), null for the full history */
  history_from: z.string().nullable(),
});
export type CustomerAppointmentSummary = z.infer<typeof customerAppointmentSummarySchema>;

export const customerAppointmentSummaryRpc = defineRpc(
  'rpc.scheduling.customer-history.summary',
  z.strictObject({ ...schedulingStoreScope, pet_ids: customerPetsSchema }),
  customerAppointmentSummarySchema,
);
