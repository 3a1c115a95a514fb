import { Controller } from '@nestjs/common';
import { getCrmSettingsRpc, updateCrmSettingsRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { CrmAccess } from '../access/crm-access.service';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsHandlers {
  constructor(
    private readonly access: CrmAccess,
    private readonly settings: SettingsService,
  ) {}

  @RpcHandler(getCrmSettingsRpc)
  async get(input: RpcRequest<typeof getCrmSettingsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getCrmSettingsRpc>> {
    await this.access.orga(ctx, input.orga_id, 'member');
    return this.settings.get(input.orga_id);
  }

  @RpcHandler(updateCrmSettingsRpc)
  async update(input: RpcRequest<typeof updateCrmSettingsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateCrmSettingsRpc>> {
    await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.settings.update(input);
  }
}
