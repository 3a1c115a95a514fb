import { z } from 'zod';
import { defineRpc } from '../core';
import { FREE_TEXT_MAX, conversationPageSchema, pageCursorSchema } from './inbox-shapes';

const customerScope = { orga_id: z.string().uuid(), store_id: z.string().uuid(), customer_id: z.string().uuid() };

/** A customer's conversation: their messages and ours, newest first, 50 a page after (last time, last id) (store read). */
export const listConversationRpc = defineRpc(
  'rpc.messaging.conversation.list',
  z.strictObject({ ...customerScope, ...pageCursorSchema }),
  conversationPageSchema,
);

const queued = z.object({ outbound_id: z.string().uuid() });

/**
 * Free text to a customer (store write), only inside WhatsApp's 24-hour window after their last
 * message; outside it `reply_window_closed` (409) asks for a template.
 */
export const sendCustomerReplyRpc = defineRpc(
  'rpc.messaging.conversation.reply',
  z.strictObject({ ...customerScope, text: z.string().trim().min(1).max(FREE_TEXT_MAX) }),
  queued,
);

/**
 * A template message to a customer (store write): allowed at any time; `addition` fills the template's free-text
 * variable. An appointment template (types 0, 4) names one of the customer's appointments (`appointment_id`): its
 * date and time fill it, its buttons confirm or decline it. A template WhatsApp has not approved is refused with
 * the reason as the field's message (template_pending, template_rejected, not_connected …).
 */
export const sendCustomerTemplateRpc = defineRpc(
  'rpc.messaging.conversation.template',
  z.strictObject({
    ...customerScope,
    template_id: z.string().uuid(),
    addition: z.string().trim().max(FREE_TEXT_MAX).default(''),
    appointment_id: z.string().uuid().nullable().default(null),
  }),
  queued,
);

/**
 * Issue 27: one appointment's reminder now (store write), as the scheduler would send it: the salon's appointment
 * reminder template and free text, the customer's language, the Confirm and Decline buttons for this appointment.
 * Refused like a template message when WhatsApp has not approved it; a customer without consent to reminders or a
 * mobile number is a validation error, nothing sent.
 */
export const sendAppointmentReminderRpc = defineRpc(
  'rpc.messaging.conversation.remind',
  z.strictObject({ orga_id: z.string().uuid(), store_id: z.string().uuid(), appointment_id: z.string().uuid() }),
  queued,
);
