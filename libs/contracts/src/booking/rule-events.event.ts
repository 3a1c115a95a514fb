import { z } from 'zod';
import { defineEvent } from '../core';
import { bookingRuleSchema } from './booking-shapes';

const rulePayload = z.object({ orga_id: z.string().uuid(), store_id: z.string().uuid(), rule_id: z.string().uuid() });

/**
 * R4.19 realtime: booking rule create. `rule` is the rule as stored (a staff member's or the office's hours,
 * or an exception): analytics keeps working hours from it for staff utilisation (R1.12). Events published
 * before it was added lack it.
 */
export const bookingRuleCreatedEvent = defineEvent(
  'evt.booking.rule.created.v1',
  rulePayload.extend({ rule: bookingRuleSchema.optional() }),
);
/** R4.19 realtime: booking rule delete. */
export const bookingRuleDeletedEvent = defineEvent('evt.booking.rule.deleted.v1', rulePayload);
