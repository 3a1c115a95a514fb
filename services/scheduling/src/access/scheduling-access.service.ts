import { Injectable } from '@nestjs/common';
import { getStoreRpc, memberAccessRpc, type AuthContext, type MemberAccess } from '@pawline/contracts';
import { canReadStore, canWriteStore, isOrgaAdmin, type OrgaMember } from '@pawline/domain';
import { NatsRpcClient, RpcError, type OutboxMeta, type RpcCallContext } from '@pawline/nest-kit';

export type StoreNeed = 'read' | 'write';

/** A request allowed in one store of one organization, with the store's IANA time zone. */
export type StoreScope = { orgaId: string; storeId: string; timeZone: string; meta: OutboxMeta };
export type OrgaScope = { orgaId: string; meta: OutboxMeta };

const CACHE_MS = 5_000;

function asMember(m: MemberAccess): OrgaMember {
  return { orga_rank: m.orga_rank, employee_status: m.employee_status, store_overrides: m.store_overrides, active: m.member && m.active };
}

/** R6.03 R6.04 store read / write: a store identity lists for the member and a rank within the organization's minimum. */
export function canUseStore(m: MemberAccess, storeId: string, need: StoreNeed): boolean {
  if (!m.member || !m.active || !m.store_ids.includes(storeId)) return false;
  return need === 'read' ? canReadStore(asMember(m), storeId, m.min_ranks) : canWriteStore(asMember(m), storeId, m.min_ranks);
}

/**
 * Every scheduling handler authorizes here with identity's membership (cached for 5 s, as the
 * gateway does): someone of another organization gets forbidden and never a row.
 */
@Injectable()
export class SchedulingAccess {
  private readonly memberships = new Map<string, { until: number; value: MemberAccess }>();
  private readonly zones = new Map<string, { until: number; value: string }>();

  constructor(private readonly rpc: NatsRpcClient) {}

  private async membership(auth: AuthContext, lang: string, orgaId: string): Promise<MemberAccess> {
    const key = `${auth.userId}:${orgaId}`;
    const cached = this.memberships.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    let value: MemberAccess;
    try {
      value = await this.rpc.call(memberAccessRpc, { user_id: auth.userId, orga_id: orgaId }, { auth, lang });
    } catch (error) {
      // an unknown organization looks the same as someone else's
      if (error instanceof RpcError && (error.code === 'not_found' || error.code === 'forbidden')) throw new RpcError('forbidden');
      throw error;
    }
    if (this.memberships.size > 10_000) this.memberships.clear();
    this.memberships.set(key, { until: Date.now() + CACHE_MS, value });
    return value;
  }

  async store(ctx: RpcCallContext, orgaId: string, storeId: string, need: StoreNeed): Promise<StoreScope> {
    const auth = requireAuth(ctx);
    const m = await this.membership(auth, ctx.lang, orgaId);
    if (!canUseStore(m, storeId, need)) throw new RpcError('forbidden');
    return { orgaId, storeId, timeZone: await this.timeZone(auth, ctx.lang, orgaId, storeId), meta: metaOf(ctx, orgaId, storeId) };
  }

  async orga(ctx: RpcCallContext, orgaId: string, need: 'member' | 'orga_admin'): Promise<OrgaScope> {
    const m = await this.membership(requireAuth(ctx), ctx.lang, orgaId);
    if (!m.member || !m.active || (need === 'orga_admin' && !isOrgaAdmin(asMember(m)))) throw new RpcError('forbidden');
    return { orgaId, meta: metaOf(ctx, orgaId, null) };
  }

  private async timeZone(auth: AuthContext, lang: string, orgaId: string, storeId: string): Promise<string> {
    const cached = this.zones.get(storeId);
    if (cached && cached.until > Date.now()) return cached.value;
    const store = await this.rpc.call(getStoreRpc, { orga_id: orgaId, store_id: storeId }, { auth, lang });
    if (this.zones.size > 10_000) this.zones.clear();
    this.zones.set(storeId, { until: Date.now() + 60_000, value: store.time_zone });
    return store.time_zone;
  }
}

function requireAuth(ctx: RpcCallContext): AuthContext {
  if (!ctx.auth) throw new RpcError('unauthorized');
  return ctx.auth;
}

export function metaOf(ctx: RpcCallContext, orgaId: string, storeId: string | null): OutboxMeta {
  return { orgaId, storeId, actor: ctx.auth ? { userId: ctx.auth.userId, deviceId: ctx.auth.deviceId } : null };
}
