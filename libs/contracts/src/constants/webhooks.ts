/**
 * The events an organization's webhook endpoints can subscribe to (issue 33), by their public name. Each
 * comes from one internal event of the stream (services/webhooks/src/events/public-events.ts maps them);
 * docs/webhooks.md documents the payload of each. Here, not in ../webhooks: the settings screen takes them (no zod).
 */
export const WEBHOOK_EVENT_TYPES = [
  'appointment.created',
  'appointment.changed',
  'appointment.cancelled',
  'appointment.checked_out',
  'appointment.status_changed',
  'appointment.confirmed_by_customer',
  'appointment.declined_by_customer',
  'customer.created',
  'customer.changed',
  'pet.created',
  'pet.changed',
  'booking_request.received',
  'booking_request.accepted',
  'booking_request.refused',
  'campaign.sent',
  'payment.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event a person sends from the settings to see that the endpoint answers; never subscribed to. */
export const WEBHOOK_PING_EVENT = 'ping';

/** At most this many deliveries of one endpoint are on their way at once (the others wait their turn). */
export const WEBHOOK_MAX_IN_FLIGHT = 4;
/** An organization keeps at most this many endpoints. */
export const WEBHOOK_MAX_ENDPOINTS = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 120;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** `whsec_` and 32 random bytes in base64url. */
export const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;
