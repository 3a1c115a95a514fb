import { Controller } from '@nestjs/common';
import { getCrmSettingsRpc, updateCrmSettingsRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, type RpcCallContext, RpcHandler, scopeOf } from '@pawline/nest-kit';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsHandlers {
  constructor(private readonly settings: SettingsService) {}

  @Member()
  @RpcHandler(getCrmSettingsRpc)
  async get(input: RpcRequest<typeof getCrmSettingsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getCrmSettingsRpc>> {
    scopeOf(ctx);
    return this.settings.get(input.orga_id);
  }

  @OrgaAdmin()
  @RpcHandler(updateCrmSettingsRpc)
  async update(input: RpcRequest<typeof updateCrmSettingsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateCrmSettingsRpc>> {
    scopeOf(ctx);
    return this.settings.update(input);
  }
}
