import { Controller } from '@nestjs/common';
import { receiveStripeWebhookRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler } from '@pawline/nest-kit';
import { StripeWebhookService } from './stripe-webhook.service';

/** Called by the gateway's public webhook route without a user: the signature is the only credential, checked here. */
@Controller()
export class StripeWebhookHandlers {
  constructor(private readonly webhook: StripeWebhookService) {}

  @RpcHandler(receiveStripeWebhookRpc)
  async receive(input: RpcRequest<typeof receiveStripeWebhookRpc>): Promise<RpcResponse<typeof receiveStripeWebhookRpc>> {
    return this.webhook.receive(Buffer.from(input.body_base64, 'base64'), input.signature);
  }
}
