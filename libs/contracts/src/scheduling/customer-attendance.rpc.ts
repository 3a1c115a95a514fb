import { z } from 'zod';
import { defineRpc } from '../core';
import { CUSTOMER_HISTORY_PETS_MAX } from './customer-history.rpc';
import { schedulingStoreScope } from './scheduling-shapes';

/** The longest cancellation window a store's no-show policy may have, in hours (two weeks). */
export const CANCELLATION_WINDOW_HOURS_MAX = 336;

const count = z.object({ total: z.number().int(), recent: z.number().int() });

/**
 * Issue 30 what the no-show risk rule (noShowRiskOf of libs/domain) reads of a customer's appointments in the
 * organization: each count over the whole history and the last `recent_days`; late cancellations are declines
 * within the cancellation window before the start (declines recorded before the decline time was kept are in time).
 */
export const customerAttendanceSchema = z.object({
  no_shows: count,
  late_cancellations: count,
  declines: count,
  kept: count,
  kept_since_last_miss: z.number().int(),
});

export const customerAttendanceRpc = defineRpc(
  'rpc.scheduling.customer-history.attendance',
  z.strictObject({
    ...schedulingStoreScope,
    pet_ids: z.array(z.string().uuid()).max(CUSTOMER_HISTORY_PETS_MAX),
    cancellation_window_hours: z.number().int().min(0).max(CANCELLATION_WINDOW_HOURS_MAX),
  }),
  customerAttendanceSchema,
);
