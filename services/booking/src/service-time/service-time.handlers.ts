import { Controller } from '@nestjs/common';
import { listServiceTimesRpc, saveServiceTimesRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { ServiceTimeService } from './service-time.service';

/** R3.09 R7.06 members read the service-time matrix; organization administrators write it. */
@Controller()
export class ServiceTimeHandlers {
  constructor(private readonly times: ServiceTimeService) {}

  @Member()
  @RpcHandler(listServiceTimesRpc)
  async list(_input: RpcRequest<typeof listServiceTimesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listServiceTimesRpc>> {
    return { v: await this.times.list(scopeOf(ctx).orgaId) };
  }

  @OrgaAdmin()
  @RpcHandler(saveServiceTimesRpc)
  async save(input: RpcRequest<typeof saveServiceTimesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof saveServiceTimesRpc>> {
    return { v: await this.times.save(scopeOf(ctx).orgaId, input.entries) };
  }
}
