import { defineRpc } from '../core';
import { bookingRuleInputSchema, bookingRuleSchema, bookingStoreScope } from './booking-shapes';

/** Adds office hours, a staff member's hours or an exception (store administrators); publishes rule.created. */
export const createBookingRuleRpc = defineRpc(
  'rpc.booking.rule.create',
  bookingRuleInputSchema.extend(bookingStoreScope),
  bookingRuleSchema,
);
