import { Controller } from '@nestjs/common';
import {
  getMessageQuotaRpc,
  memberAccessRpc,
  orgaCreatedEvent,
  orgaUpdatedEvent,
  storeCreatedEvent,
  storeUpdatedEvent,
  type EventEnvelope,
  type EventPayload,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { EventHandler, Member, NatsRpcClient, RpcError, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { MessageQuotaService } from './message-quota.service';
import { OrgaQuotaService } from './orga-quota.service';

/** GET .../msg/msg_left (members), and the quota kept in step with identity's organizations and stores. */
@Controller()
export class QuotaHandlers {
  constructor(
    private readonly quota: MessageQuotaService,
    private readonly orgas: OrgaQuotaService,
    private readonly rpc: NatsRpcClient,
  ) {}

  @Member()
  @RpcHandler(getMessageQuotaRpc)
  async get(_input: RpcRequest<typeof getMessageQuotaRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getMessageQuotaRpc>> {
    const scope = scopeOf(ctx);
    await this.orgas.ensureForMember(scope.orgaId, scope.member, ctx.auth, ctx.lang);
    const view = await this.quota.view(scope.orgaId);
    if (!view) throw new RpcError('not_found');
    return view;
  }

  @EventHandler({ durable: 'messaging-quota-orga-created', events: [orgaCreatedEvent], maxDeliver: 10 })
  async onOrgaCreated(event: EventEnvelope<EventPayload<typeof orgaCreatedEvent>>, manager: EntityManager): Promise<void> {
    const data = event.data;
    await this.orgas.recordOrga(manager, {
      orgaId: data.orga_id,
      ownerUserId: data.owner_user_id,
      tier: data.tier,
      createdAt: new Date(data.created_at),
      country: data.country,
      store: null,
    });
  }

  /** A tier change: identity's event names the fields only, so the tier and any Customized limits are asked of identity (as the owner's membership). */
  @EventHandler({ durable: 'messaging-quota-orga-updated', events: [orgaUpdatedEvent], maxDeliver: 10 })
  async onOrgaUpdated(event: EventEnvelope<EventPayload<typeof orgaUpdatedEvent>>, manager: EntityManager): Promise<void> {
    if (!event.data.fields.includes('tier')) return;
    const owner = await this.orgas.ownerOf(event.data.orga_id);
    if (!owner) return;
    const member = await this.rpc.call(memberAccessRpc, { user_id: owner, orga_id: event.data.orga_id }, { auth: null, lang: 'en' });
    await this.orgas.recordTier(manager, event.data.orga_id, member.tier, new Date(), member.plan_limits ?? null);
  }

  @EventHandler({ durable: 'messaging-quota-store', events: [storeCreatedEvent, storeUpdatedEvent], maxDeliver: 10 })
  async onStore(
    event: EventEnvelope<EventPayload<typeof storeCreatedEvent> | EventPayload<typeof storeUpdatedEvent>>,
    manager: EntityManager,
  ): Promise<void> {
    const { orga_id: orgaId, store_id: storeId, time_zone: timeZone } = event.data;
    const known = await this.orgas.recordStoreZone(manager, orgaId, storeId, timeZone, event.subject === storeCreatedEvent.subject);
    // the registration's first store can come before its organization (two consumers): its zone waits for the organization's row
    if (!known) await this.orgas.keepEarlyStoreZone(manager, orgaId, storeId, timeZone);
  }
}
