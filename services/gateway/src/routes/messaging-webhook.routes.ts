import {
  messagingWebhookHttpRoutes as http,
  receiveWhatsAppWebhookRpc,
  verifyWhatsAppWebhookRpc,
  WEBHOOK_BODY_LIMIT,
} from '@pawline/contracts';
import { mapError } from '../http/api-error';
import { webhookRoute, type ApiRoute, type WebhookAnswer } from '../http/route-definition';

/** The service's refusal (403, 401…) as the webhook's text answer. */
function refused(error: unknown): WebhookAnswer {
  const mapped = mapError(error, 'en');
  if (mapped.status >= 500) throw error;
  return { status: mapped.status, text: mapped.body.message };
}

/**
 * WhatsApp's webhook, public: the messaging service checks the verify token and the signature (it
 * holds the secrets). The POST body goes to it as the bytes Meta signed, never parsed here.
 */
export const messagingWebhookRoutes: ApiRoute[] = [
  webhookRoute(http.verifyWhatsAppWebhook, {
    access: 'public',
    webhook: {
      maxBytes: 0,
      answer: async (ctx, _request, rpc) => {
        try {
          const { challenge } = await rpc.call(verifyWhatsAppWebhookRpc, {
            mode: ctx.query['hub.mode'],
            verify_token: ctx.query['hub.verify_token'],
            challenge: ctx.query['hub.challenge'],
          });
          return { status: 200, text: challenge };
        } catch (error) {
          return refused(error);
        }
      },
    },
  }),
  webhookRoute(http.receiveWhatsAppWebhook, {
    access: 'public',
    webhook: {
      maxBytes: WEBHOOK_BODY_LIMIT,
      answer: async (_ctx, request, rpc) => {
        const signature = request.headers['x-hub-signature-256'];
        try {
          await rpc.call(receiveWhatsAppWebhookRpc, {
            body_base64: (request.bytes ?? Buffer.alloc(0)).toString('base64'),
            signature: typeof signature === 'string' ? signature : null,
          });
          return { status: 200, text: 'OK' };
        } catch (error) {
          return refused(error);
        }
      },
    },
  }),
];
