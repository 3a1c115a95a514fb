import { Controller } from '@nestjs/common';
import { getMessagingSenderRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { SenderService } from './sender.service';

/** Members see the sender (never its token); connecting one is onboarding's (../account). */
@Controller()
export class SenderHandlers {
  constructor(private readonly senders: SenderService) {}

  @Member()
  @RpcHandler(getMessagingSenderRpc)
  async get(_input: RpcRequest<typeof getMessagingSenderRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getMessagingSenderRpc>> {
    return this.senders.get(scopeOf(ctx).orgaId);
  }
}
