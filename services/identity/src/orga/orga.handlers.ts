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
import { ApiKeyService } from '../api-key/api-key.service';
import { SessionGuard } from '../common/session-guard';
import { OrgaService } from './orga.service';

@Controller()
export class OrgaHandlers {
  constructor(
    private readonly orgas: OrgaService,
    private readonly guard: SessionGuard,
    private readonly apiKeys: ApiKeyService,
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
    // an API key (issue 33) asks for its own membership only, the one it acts with
    if (ctx.auth?.apiKey) return this.apiKeys.access(ctx.auth.userId, input.user_id, input.orga_id);
    // asked on a user's behalf, their session must still be open: a revoked or deactivated caller gets no membership to pass a guard with
    if (ctx.auth) await this.guard.caller(ctx);
    return this.orgas.access(ctx, input.user_id, input.orga_id);
  }
}
