import { z } from 'zod';
import { defineRpc } from '../core';
import { calendarDateSchema } from '../core/input-values';
import { bookingRuleSchema, bookingStoreScope } from './booking-shapes';

/**
 * R7.06 GET .../booking/admin/rules (optional six date parts): the store's rules, undated ones first (the
 * zero-to-zero interval, R3.08), then those whose dates meet [from, to] (store readers).
 */
export const listBookingRulesRpc = defineRpc(
  'rpc.booking.rule.list',
  z.strictObject({
    ...bookingStoreScope,
    from: calendarDateSchema.nullable().default(null),
    to: calendarDateSchema.nullable().default(null),
  }),
  z.object({ v: z.array(bookingRuleSchema) }),
);
