import { Controller } from '@nestjs/common';
import { getMessagingSenderRpc, updateMessagingSenderRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { SenderService } from './sender.service';

/** Members see the sender (never its token); organization administrators set it. */
@Controller()
export class SenderHandlers {
  constructor(private readonly senders: SenderService) {}

  @Member()
  @RpcHandler(getMessagingSenderRpc)
  async get(_input: RpcRequest<typeof getMessagingSenderRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getMessagingSenderRpc>> {
    return this.senders.get(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(updateMessagingSenderRpc)
  async update(
    input: RpcRequest<typeof updateMessagingSenderRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateMessagingSenderRpc>> {
    const { orga_id: _orga, ...fields } = input;
    return this.senders.update(scopeOf(ctx).orgaId, fields);
  }
}
