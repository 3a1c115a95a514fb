import { Controller } from '@nestjs/common';
import { getReminderSettingsRpc, updateReminderSettingsRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { OrgaQuotaService } from '../quota/orga-quota.service';
import { ReminderSettingsService } from './reminder-settings.service';

/** Members read the reminder settings; organization administrators change them (R3.14). */
@Controller()
export class ReminderSettingsHandlers {
  constructor(
    private readonly settings: ReminderSettingsService,
    private readonly orgas: OrgaQuotaService,
  ) {}

  @Member()
  @RpcHandler(getReminderSettingsRpc)
  async get(_input: RpcRequest<typeof getReminderSettingsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getReminderSettingsRpc>> {
    const scope = scopeOf(ctx);
    // the country decides the default language
    await this.orgas.ensureForMember(scope.orgaId, scope.member, ctx.auth, ctx.lang);
    return this.settings.get(scope.orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(updateReminderSettingsRpc)
  async update(
    input: RpcRequest<typeof updateReminderSettingsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateReminderSettingsRpc>> {
    const scope = scopeOf(ctx);
    await this.orgas.ensureForMember(scope.orgaId, scope.member, ctx.auth, ctx.lang);
    const { orga_id: _orga, ...change } = input;
    return this.settings.update(scope.orgaId, change);
  }
}
