import { z } from 'zod';
import { defineWork } from '../core';

/**
 * One message to send (docs/architecture.md, "Message kinds": work queues): the outbound_message row is written first, the job carries
 * only its id, and messaging-worker takes it from the WORK stream. `sms_fallback`: WhatsApp reported the
 * sent message failed (spec §4 'WhatsApp failed, SMS will be sent'): the worker sends its text by SMS once.
 */
export const sendMessageWork = defineWork(
  'work.messaging.send',
  z.object({ outbound_id: z.string().uuid(), sms_fallback: z.boolean().optional() }),
);
