import { Inject, Injectable } from '@nestjs/common';
import { getOrgaRpc, memberAccessRpc, type AuthContext } from '@pawline/contracts';
import { NatsRpcClient, RpcError, SERVICE_CONFIG, type OutboxMeta, type RpcCallContext } from '@pawline/nest-kit';
import type { CrmConfig } from '../crm.config';
import {
  canUseOrga,
  canUsePetsInStore,
  canUseSharedLists,
  storeFilterFor,
  type CrmMembership,
  type OrgaNeed,
  type PetNeed,
} from './crm-permissions';

/** A request allowed in a store: which rows it sees (storeFilter null = the organization's, R6.08). */
export type StoreScope = { orgaId: string; storeId: string; storeFilter: string | null; meta: OutboxMeta };
export type ListScope = { orgaId: string; storeFilter: string | null };
export type OrgaScope = { orgaId: string; meta: OutboxMeta };

/**
 * Every crm handler authorizes here: the caller's membership from identity (cached briefly, as
 * the gateway does) and the rules of libs/domain. Someone of another organization gets forbidden
 * and never a row.
 */
@Injectable()
export class CrmAccess {
  private readonly cache = new Map<string, { until: number; value: CrmMembership }>();

  constructor(
    private readonly rpc: NatsRpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: CrmConfig,
  ) {}

  async membership(ctx: RpcCallContext, orgaId: string): Promise<CrmMembership> {
    const auth = requireAuth(ctx);
    const key = `${auth.userId}:${orgaId}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    let value: CrmMembership;
    try {
      const [access, orga] = await Promise.all([
        this.rpc.call(memberAccessRpc, { user_id: auth.userId, orga_id: orgaId }, { auth, lang: ctx.lang }),
        this.rpc.call(getOrgaRpc, { orga_id: orgaId }, { auth, lang: ctx.lang }),
      ]);
      value = { ...access, share_pets: orga.share_pets };
    } catch (error) {
      // an unknown organization looks the same as someone else's
      if (error instanceof RpcError && (error.code === 'not_found' || error.code === 'forbidden')) throw new RpcError('forbidden');
      throw error;
    }
    if (this.config.CRM_ACCESS_CACHE_MS > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, { until: Date.now() + this.config.CRM_ACCESS_CACHE_MS, value });
    }
    return value;
  }

  async store(ctx: RpcCallContext, orgaId: string, storeId: string, need: PetNeed): Promise<StoreScope> {
    const m = await this.membership(ctx, orgaId);
    if (!canUsePetsInStore(m, storeId, need)) throw new RpcError('forbidden');
    return { orgaId, storeId, storeFilter: storeFilterFor(m, storeId), meta: metaOf(ctx, orgaId, storeId) };
  }

  /** A store's list (its own rows, or the organization's with share_pets) or, with storeId null, the shared list. */
  async list(ctx: RpcCallContext, orgaId: string, storeId: string | null): Promise<ListScope> {
    const m = await this.membership(ctx, orgaId);
    if (storeId === null) {
      if (!canUseSharedLists(m, 'read')) throw new RpcError('forbidden');
      return { orgaId, storeFilter: null };
    }
    if (!canUsePetsInStore(m, storeId, 'read')) throw new RpcError('forbidden');
    return { orgaId, storeFilter: storeFilterFor(m, storeId) };
  }

  async orga(ctx: RpcCallContext, orgaId: string, need: OrgaNeed): Promise<OrgaScope> {
    const m = await this.membership(ctx, orgaId);
    if (!canUseOrga(m, need)) throw new RpcError('forbidden');
    return { orgaId, meta: metaOf(ctx, orgaId, null) };
  }
}

function requireAuth(ctx: RpcCallContext): AuthContext {
  if (!ctx.auth) throw new RpcError('unauthorized');
  return ctx.auth;
}

function metaOf(ctx: RpcCallContext, orgaId: string, storeId: string | null): OutboxMeta {
  return { orgaId, storeId, actor: ctx.auth ? { userId: ctx.auth.userId, deviceId: ctx.auth.deviceId } : null };
}
