import { z } from 'zod';
import { defineEvent } from '../core';

const rulePayload = z.object({ orga_id: z.string().uuid(), store_id: z.string().uuid(), rule_id: z.string().uuid() });

/** R4.19 realtime: booking rule create. */
export const bookingRuleCreatedEvent = defineEvent('evt.booking.rule.created.v1', rulePayload);
/** R4.19 realtime: booking rule delete. */
export const bookingRuleDeletedEvent = defineEvent('evt.booking.rule.deleted.v1', rulePayload);
