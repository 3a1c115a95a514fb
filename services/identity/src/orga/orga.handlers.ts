import { Controller } from '@nestjs/common';
import {
  getOrgaRpc,
  getStoreRpc,
  listOrgasRpc,
  listStoresRpc,
  memberAccessRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { OrgaService } from './orga.service';

@Controller()
export class OrgaHandlers {
  constructor(
    private readonly orgas: OrgaService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(listOrgasRpc)
  async list(_input: RpcRequest<typeof listOrgasRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listOrgasRpc>> {
    const { user } = await this.guard.caller(ctx);
    return this.orgas.listForUser(user.id);
  }

  @RpcHandler(getOrgaRpc)
  async get(input: RpcRequest<typeof getOrgaRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getOrgaRpc>> {
    const { user } = await this.guard.caller(ctx);
    return this.orgas.detail(user.id, input.orga_id);
  }

  @RpcHandler(listStoresRpc)
  async listStores(input: RpcRequest<typeof listStoresRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listStoresRpc>> {
    const { user } = await this.guard.caller(ctx);
    return this.orgas.reachableStores(user.id, input.orga_id);
  }

  @RpcHandler(getStoreRpc)
  async getStore(input: RpcRequest<typeof getStoreRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getStoreRpc>> {
    const { user } = await this.guard.caller(ctx);
    return this.orgas.store(user.id, input.orga_id, input.store_id);
  }

  @RpcHandler(memberAccessRpc)
  async memberAccess(input: RpcRequest<typeof memberAccessRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof memberAccessRpc>> {
    // asked on a user's behalf, their session must still be open: a revoked or deactivated caller gets no membership to pass a guard with
    if (ctx.auth) await this.guard.caller(ctx);
    return this.orgas.access(ctx, input.user_id, input.orga_id);
  }
}
