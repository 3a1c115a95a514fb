import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * A campaign message moved (spec §3 campaign customers: actual_message_status, opener_messages_confirmed):
 * messaging publishes it when it queues the message, when the worker sends it, when a provider status
 * arrives and when the customer taps a button; marketing keeps it on the campaign customer (newest status wins, forward only).
 */
export const campaignMessageStatusEvent = defineEvent(
  'evt.messaging.campaign-message.status-changed.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid().nullable(),
    campaign_id: z.string().uuid(),
    customer_id: z.string().uuid(),
    /** null: messaging could not take it (the customer is gone, has no mobile number or withdrew marketing consent) */
    outbound_id: z.string().uuid().nullable(),
    /** REMINDER_STATUS */
    status: z.number().int().min(0).max(6),
    /** the customer answered 'read' */
    confirmed: z.boolean().optional(),
  }),
);
