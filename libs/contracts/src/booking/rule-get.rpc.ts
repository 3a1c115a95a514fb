import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingRuleSchema, bookingStoreScope } from './booking-shapes';

/** R7.06 GET .../booking/admin/rule/{id} (store readers). */
export const getBookingRuleRpc = defineRpc(
  'rpc.booking.rule.get',
  z.strictObject({ ...bookingStoreScope, rule_id: z.string().uuid() }),
  bookingRuleSchema,
);
