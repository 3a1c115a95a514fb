import { Controller } from '@nestjs/common';
import {
  cancelOrgaRpc,
  createStoreRpc,
  deleteStoreRpc,
  updateOrgaRpc,
  updateOrgaSettingsRpc,
  updateStoreRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { SessionGuard } from '../common/session-guard';
import { OrgaAdminService } from './orga-admin.service';

/** Organization administrators' writes; the service re-checks spec §6 for every row it touches. */
@Controller()
export class OrgaAdminHandlers {
  constructor(
    private readonly admin: OrgaAdminService,
    private readonly guard: SessionGuard,
  ) {}

  @RpcHandler(updateOrgaRpc)
  async updateOrga(input: RpcRequest<typeof updateOrgaRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateOrgaRpc>> {
    return this.admin.updateOrga(await this.guard.caller(ctx), input);
  }

  @RpcHandler(updateOrgaSettingsRpc)
  async updateSettings(
    input: RpcRequest<typeof updateOrgaSettingsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateOrgaSettingsRpc>> {
    return this.admin.updateSettings(await this.guard.caller(ctx), input);
  }

  @RpcHandler(createStoreRpc)
  async createStore(input: RpcRequest<typeof createStoreRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createStoreRpc>> {
    return this.admin.createStore(await this.guard.caller(ctx), input);
  }

  @RpcHandler(updateStoreRpc)
  async updateStore(input: RpcRequest<typeof updateStoreRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateStoreRpc>> {
    return this.admin.updateStore(await this.guard.caller(ctx), input);
  }

  @RpcHandler(deleteStoreRpc)
  async deleteStore(input: RpcRequest<typeof deleteStoreRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteStoreRpc>> {
    return this.admin.deleteStore(await this.guard.caller(ctx), input);
  }

  @RpcHandler(cancelOrgaRpc)
  async cancel(input: RpcRequest<typeof cancelOrgaRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof cancelOrgaRpc>> {
    return this.admin.cancel(await this.guard.caller(ctx), input);
  }
}
