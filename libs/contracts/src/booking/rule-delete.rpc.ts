import { z } from 'zod';
import { defineRpc } from '../core';
import { bookingStoreScope } from './booking-shapes';

/** Removes a rule (store administrators); publishes rule.deleted. */
export const deleteBookingRuleRpc = defineRpc(
  'rpc.booking.rule.delete',
  z.strictObject({ ...bookingStoreScope, rule_id: z.string().uuid() }),
  z.object({ id: z.string().uuid() }),
);
