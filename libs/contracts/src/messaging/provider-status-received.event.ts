import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * A provider reported a status for one of our messages (WhatsApp webhook `statuses[]`, the SMS
 * adapter's callback, the sandbox's simulation). Published by the webhook so the provider gets its 200
 * at once; the reminder pipeline applies it (forward only: duplicates and late ones are ignored).
 */
export const providerStatusReceivedEvent = defineEvent(
  'evt.messaging.provider-status.received.v1',
  z.object({
    orga_id: z.string().uuid(),
    provider: z.string().min(1).max(40),
    provider_message_id: z.string().min(1).max(200),
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
    /** when the provider says it happened (ISO 8601) */
    at: z.string().datetime({ offset: true }),
    error_code: z.number().int().nullable(),
    error_title: z.string().max(500).nullable(),
  }),
);

/**
 * Who wrote on WhatsApp: E.164 digits without '+', or a business-scoped user id (Meta's BSUID, e.g.
 * US.13491208655302741918, for a user who shows a username instead of their number).
 */
export const WHATSAPP_USER_PATTERN = /^([0-9]{6,15}|[A-Z]{2}(\.[A-Z]{2,5})?\.[0-9A-Za-z]{6,30})$/;

/** A customer wrote to an organization's number: text, a quick-reply button, or media. */
export const inboundMessageReceivedEvent = defineEvent(
  'evt.messaging.inbound.received.v1',
  z.object({
    orga_id: z.string().uuid(),
    provider: z.string().min(1).max(40),
    provider_message_id: z.string().min(1).max(200),
    /** the customer's number, E.164 digits without '+', or their business-scoped user id */
    from: z.string().regex(WHATSAPP_USER_PATTERN),
    profile_name: z.string().max(200).nullable(),
    at: z.string().datetime({ offset: true }),
    kind: z.enum(['text', 'button', 'media']),
    text: z.string().max(4096).nullable(),
    /** a quick-reply's payload, e.g. `confirm:<outbound id>` */
    button_payload: z.string().max(256).nullable(),
    /** the provider id of our message this one answers (WhatsApp `context.id`) */
    context_message_id: z.string().max(200).nullable(),
    media: z
      .array(z.object({ media_id: z.string().max(200), mime_type: z.string().max(100), caption: z.string().max(1024).nullable() }))
      .max(10),
  }),
);
