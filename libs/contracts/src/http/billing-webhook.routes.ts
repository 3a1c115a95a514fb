import { defineRoute } from '../core/http-route';

// billing: Stripe's webhook (ADR 0032). Public (Stripe has no token of ours): the Stripe-Signature
// header over the raw body is the credential, checked by the billing service.

export const billingWebhookHttpRoutes = {
  receiveStripeWebhook: defineRoute({
    method: 'post',
    path: '/api/v1/webhooks/stripe',
    summary: 'Payment events from Stripe, signed with Stripe-Signature (401 without, 403 when it does not match or is too old)',
    tag: 'webhooks',
    transfer: 'webhook',
  }),
} as const;
