import { Controller } from '@nestjs/common';
import { getNoShowPolicyRpc, saveNoShowPolicyRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, StoreAdmin, StoreRead, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { NoShowPolicyService } from './no-show-policy.service';

/** Store readers see the no-show policy (the customer page words a late cancellation by it); store administrators save it. */
@Controller()
export class NoShowPolicyHandlers {
  constructor(private readonly policy: NoShowPolicyService) {}

  @StoreRead()
  @RpcHandler(getNoShowPolicyRpc)
  async get(_input: RpcRequest<typeof getNoShowPolicyRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getNoShowPolicyRpc>> {
    return this.policy.get(storeScopeOf(ctx));
  }

  @StoreAdmin()
  @RpcHandler(saveNoShowPolicyRpc)
  async save(input: RpcRequest<typeof saveNoShowPolicyRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof saveNoShowPolicyRpc>> {
    const { orga_id: _orga, store_id: _store, ...policy } = input;
    return this.policy.save(storeScopeOf(ctx), policy);
  }
}
