import { z } from 'zod';
import { defineRoute } from '../core/http-route';

// messaging: the WhatsApp Cloud API's webhook. Public (Meta has no token of ours): the verify token and
// the body's X-Hub-Signature-256 are the credentials, checked by the messaging service.

export const messagingWebhookHttpRoutes = {
  verifyWhatsAppWebhook: defineRoute({
    method: 'get',
    path: '/api/v1/webhooks/whatsapp',
    summary: "Meta's subscription check: answers hub.challenge as text when hub.verify_token is ours, else 403",
    tag: 'webhooks',
    transfer: 'webhook',
    query: z.strictObject({
      'hub.mode': z.string().max(100).default(''),
      'hub.verify_token': z.string().max(500).default(''),
      'hub.challenge': z.string().max(500).default(''),
    }),
  }),
  receiveWhatsAppWebhook: defineRoute({
    method: 'post',
    path: '/api/v1/webhooks/whatsapp',
    summary: 'Statuses and customer messages from WhatsApp, signed with X-Hub-Signature-256 (401 without, 403 when it does not match)',
    tag: 'webhooks',
    transfer: 'webhook',
  }),
} as const;
