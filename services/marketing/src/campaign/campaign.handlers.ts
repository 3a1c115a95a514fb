import { Controller } from '@nestjs/common';
import {
  countAudienceRpc,
  createCampaignRpc,
  deleteCampaignRpc,
  getCampaignRpc,
  listCampaignCustomersRpc,
  listCampaignsRpc,
  queueCampaignRpc,
  updateCampaignRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { AccessService, RpcHandler, StoreAdmin, requirePlanFeature, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { AudienceService } from '../audience/audience.service';
import { CampaignScheduler } from './campaign-scheduler';
import { CampaignService } from './campaign.service';

/**
 * R6.06 administrators see marketing: a store's campaigns are its administrators' (spec §2 'store
 * administrators only'), the organization's list is the organization administrators'. A campaign read by its
 * id is checked against its own store. Queueing sends WhatsApp messages: the plan must include them (R1.20).
 */
@Controller()
export class CampaignHandlers {
  constructor(
    private readonly campaigns: CampaignService,
    private readonly audience: AudienceService,
    private readonly access: AccessService,
    private readonly scheduler: CampaignScheduler,
  ) {}

  @RpcHandler(listCampaignsRpc)
  async list(input: RpcRequest<typeof listCampaignsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listCampaignsRpc>> {
    if (input.store_id) await this.access.store(ctx, input.orga_id, input.store_id, 'store_admin');
    else await this.access.orga(ctx, input.orga_id, 'orga_admin');
    return this.campaigns.list(input.orga_id, input.store_id, input.last_time, input.last_id);
  }

  @RpcHandler(getCampaignRpc)
  async get(input: RpcRequest<typeof getCampaignRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getCampaignRpc>> {
    const campaign = await this.visible(input, ctx);
    return this.campaigns.detail(campaign);
  }

  @RpcHandler(listCampaignCustomersRpc)
  async customers(
    input: RpcRequest<typeof listCampaignCustomersRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listCampaignCustomersRpc>> {
    const campaign = await this.visible(input, ctx);
    return this.campaigns.customers(campaign.id, input.last_id);
  }

  @StoreAdmin()
  @RpcHandler(countAudienceRpc)
  async count(input: RpcRequest<typeof countAudienceRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof countAudienceRpc>> {
    const scope = storeScopeOf(ctx);
    return { count: await this.audience.count(scope.orgaId, scope.storeId, input.filters) };
  }

  @StoreAdmin()
  @RpcHandler(createCampaignRpc)
  async create(input: RpcRequest<typeof createCampaignRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createCampaignRpc>> {
    const scope = storeScopeOf(ctx);
    const { orga_id: _orga, store_id: _store, ...fields } = input;
    return this.campaigns.create(scope.orgaId, scope.storeId, fields, scope.meta);
  }

  @StoreAdmin()
  @RpcHandler(updateCampaignRpc)
  async update(input: RpcRequest<typeof updateCampaignRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateCampaignRpc>> {
    const scope = storeScopeOf(ctx);
    const { orga_id: _orga, store_id: _store, campaign_id, ...fields } = input;
    return this.campaigns.update(scope.orgaId, scope.storeId, campaign_id, fields, scope.meta);
  }

  @StoreAdmin()
  @RpcHandler(deleteCampaignRpc)
  async delete(input: RpcRequest<typeof deleteCampaignRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteCampaignRpc>> {
    const scope = storeScopeOf(ctx);
    return this.campaigns.delete(scope.orgaId, scope.storeId, input.campaign_id, scope.meta);
  }

  @StoreAdmin()
  @RpcHandler(queueCampaignRpc)
  async queue(input: RpcRequest<typeof queueCampaignRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof queueCampaignRpc>> {
    const scope = storeScopeOf(ctx);
    // campaigns are WhatsApp messages: premium's WhatsApp messages (tier 0's trial has them, spec §2 marks it)
    requirePlanFeature(scope.member, 'whatsapp_reminders');
    const queued = await this.campaigns.queue(scope.orgaId, scope.storeId, input.campaign_id, scope.meta);
    // 'now' goes out on this instance's next turn without waiting for the interval
    if (queued.send_at === null) this.scheduler.nudge();
    return queued;
  }

  /** A member of the organization, the campaign of the organization, an administrator of its store. */
  private async visible(input: { orga_id: string; campaign_id: string }, ctx: RpcCallContext) {
    await this.access.orga(ctx, input.orga_id, 'member');
    const campaign = await this.campaigns.find(input.orga_id, input.campaign_id);
    await this.access.store(ctx, input.orga_id, campaign.store_id, 'store_admin');
    return campaign;
  }
}
