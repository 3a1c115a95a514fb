import { billingWebhookHttpRoutes as http, receiveStripeWebhookRpc, STRIPE_WEBHOOK_BODY_LIMIT } from '@pawline/contracts';
import { mapError } from '../http/api-error';
import { webhookRoute, type ApiRoute } from '../http/route-definition';

/**
 * Stripe's webhook, public: the billing service checks Stripe-Signature (it holds the endpoint secret).
 * The body goes to it as the bytes Stripe signed, never parsed here (ADR 0032).
 */
export const billingWebhookRoutes: ApiRoute[] = [
  webhookRoute(http.receiveStripeWebhook, {
    access: 'public',
    webhook: {
      maxBytes: STRIPE_WEBHOOK_BODY_LIMIT,
      answer: async (_ctx, request, rpc) => {
        const signature = request.headers['stripe-signature'];
        try {
          const { outcome } = await rpc.call(receiveStripeWebhookRpc, {
            body_base64: (request.bytes ?? Buffer.alloc(0)).toString('base64'),
            signature: typeof signature === 'string' ? signature : null,
          });
          return { status: 200, text: outcome };
        } catch (error) {
          // a refusal (401, 403) is answered as text; anything else is a 5xx, which Stripe retries
          const mapped = mapError(error, 'en');
          if (mapped.status >= 500) throw error;
          return { status: mapped.status, text: mapped.body.message };
        }
      },
    },
  }),
];
