import { z } from 'zod';
import { defineRpc } from '../core';

/** The largest Stripe webhook body the gateway relays (an event is a few KB). */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST …/webhooks/stripe, relayed by the gateway (a public route, no token): the raw body (base64, so
 * the bytes signed are the bytes checked) and its Stripe-Signature. unauthorized without a signature,
 * forbidden when it does not match or is older than the tolerance (or payments are not Stripe's);
 * otherwise the event is applied once, however often Stripe delivers it (ADR 0032).
 */
export const receiveStripeWebhookRpc = defineRpc(
  'rpc.billing.stripe.webhook',
  z.strictObject({
    body_base64: z
      .string()
      .max(Math.ceil(STRIPE_WEBHOOK_BODY_LIMIT / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/),
    signature: z.string().max(1000).nullable(),
  }),
  z.object({
    /** applied: it changed a payment; duplicate: this event id was applied before; ignored: not ours to act on */
    outcome: z.enum(['applied', 'duplicate', 'ignored']),
  }),
);
