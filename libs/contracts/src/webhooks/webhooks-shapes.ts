import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PING_EVENT,
  WEBHOOK_SECRET,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
} from '../constants/webhooks';

const uuid = z.string().uuid();

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES as unknown as [WebhookEventType, ...WebhookEventType[]]);

/** Each event once, at least one. */
export const webhookEventListSchema = z
  .array(webhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'Each event once');

/** An absolute URL; the service checks the scheme and the address (https, no private host) itself. */
export const webhookUrlSchema = z.string().trim().min(1).max(WEBHOOK_URL_MAX).url();

/** An endpoint as its administrators see it: never the secret, only its first characters. */
export const webhookEndpointSchema = z.object({
  id: uuid,
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** why it was switched off: by a person ('manual') or after three days of failures ('failing') */
  disabled_reason: z.enum(['manual', 'failing']).nullable(),
  /** since when every delivery failed (null while the last one succeeded) */
  failing_since: z.string().nullable(),
  secret_prefix: z.string(),
  /** after a rotation: until when the replaced secret still signs beside the new one (null when it no longer does) */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint and its signing secret, answered once by create and by rotate. */
export const webhookEndpointWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string().regex(WEBHOOK_SECRET) });

export const webhookDeliverySchema = z.object({
  id: uuid,
  endpoint_id: uuid,
  /** the id of the event (`Pawline-Event-Id`): the same on a redelivery, so a receiver can drop a repeat */
  event_id: uuid,
  event_type: z.union([webhookEventTypeSchema, z.literal(WEBHOOK_PING_EVENT)]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** the HTTP status of the last answer (null: none yet, or no answer: see `error`) */
  response_code: z.number().int().nullable(),
  /** why the last attempt failed without an HTTP answer (timeout, refused address, TLS) */
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** pass as `before` for the next (older) page; null on the last page */
  next_before: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookEndpointFieldsSchema = {
  url: webhookUrlSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  events: webhookEventListSchema,
};
