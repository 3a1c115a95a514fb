import { Controller } from '@nestjs/common';
import { receiveWhatsAppWebhookRpc, verifyWhatsAppWebhookRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler } from '@pawline/nest-kit';
import { WhatsAppWebhookService } from './whatsapp-webhook.service';

/**
 * The webhook's two RPCs, called by the gateway's public routes without a user: the verify token and
 * the body's signature are the only credentials, and they are checked here, where the secrets live.
 */
@Controller()
export class WhatsAppWebhookHandlers {
  constructor(private readonly webhook: WhatsAppWebhookService) {}

  @RpcHandler(verifyWhatsAppWebhookRpc)
  async verify(input: RpcRequest<typeof verifyWhatsAppWebhookRpc>): Promise<RpcResponse<typeof verifyWhatsAppWebhookRpc>> {
    return this.webhook.verify(input.mode, input.verify_token, input.challenge);
  }

  @RpcHandler(receiveWhatsAppWebhookRpc)
  async receive(input: RpcRequest<typeof receiveWhatsAppWebhookRpc>): Promise<RpcResponse<typeof receiveWhatsAppWebhookRpc>> {
    return this.webhook.receive(Buffer.from(input.body_base64, 'base64'), input.signature);
  }
}
