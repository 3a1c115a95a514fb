import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * The WhatsApp webhook, relayed by the gateway (public routes, no token): the service holds the verify
 * token and the app secret, so it answers the subscription challenge and checks each POST's signature
 * on the raw bytes before it reads them.
 */

/** GET …/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…: forbidden unless the token is ours. */
export const verifyWhatsAppWebhookRpc = defineRpc(
  'rpc.messaging.webhook.verify',
  z.strictObject({ mode: z.string().max(100), verify_token: z.string().max(500), challenge: z.string().max(500) }),
  z.object({ challenge: z.string() }),
);

/** The largest webhook body the gateway relays (Meta batches up to a few hundred changes, a few KB each). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST …/webhooks/whatsapp: the raw body (base64, so the bytes signed are the bytes checked) and its
 * X-Hub-Signature-256. unauthorized without a signature, forbidden when it does not match; otherwise the
 * statuses and customer messages are published (once each, however often Meta delivers them).
 */
export const receiveWhatsAppWebhookRpc = defineRpc(
  'rpc.messaging.webhook.receive',
  z.strictObject({
    body_base64: z
      .string()
      .max(Math.ceil(WEBHOOK_BODY_LIMIT / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/),
    signature: z.string().max(200).nullable(),
  }),
  z.object({
    statuses: z.number().int(),
    messages: z.number().int(),
    /** duplicates already published, and changes of a phone number id no organization has */
    ignored: z.number().int(),
  }),
);
