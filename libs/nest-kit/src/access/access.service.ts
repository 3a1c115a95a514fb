import { Injectable } from '@nestjs/common';
import { memberAccessRpc, type AuthContext, type MemberAccess } from '@pawline/contracts';
import type { OutboxMeta } from '../outbox/outbox.service';
import { NatsRpcClient } from '../rpc/nats-rpc.client';
import { RpcError } from '../rpc/rpc-error';
import type { RpcCallContext } from '../rpc/rpc-handler.decorator';
import { canUseSharedLists, isAllowed, storeFilterFor, type AccessNeed } from './access-rules';

/** A request allowed in one organization. */
export type OrgaScope = { orgaId: string; member: MemberAccess; meta: OutboxMeta };

/**
 * A request allowed in one store: which rows it sees (`storeFilter` null = the organization's,
 * R6.08), the store's IANA time zone, and the outbox meta of its writes.
 */
export type StoreScope = OrgaScope & { storeId: string; storeFilter: string | null; timeZone: string };

/** A list of a store, or (storeId null) the organization's shared list. */
export type ListScope = { orgaId: string; storeFilter: string | null };

/**
 * Every service authorizes here, with the rules of access-rules.ts. The membership is the one
 * the gateway checked for this request (in the envelope); only a call without it (service to
 * service) asks identity, and nothing is kept: a change is seen by the very next request.
 */
@Injectable()
export class AccessService {
  constructor(private readonly rpc: NatsRpcClient) {}

  async membership(ctx: RpcCallContext, orgaId: string): Promise<MemberAccess> {
    const auth = requireAuth(ctx);
    const carried = ctx.member;
    if (carried && carried.orga_id === orgaId && carried.user_id === auth.userId) return carried;
    try {
      return await this.rpc.call(memberAccessRpc, { user_id: auth.userId, orga_id: orgaId }, { auth, lang: ctx.lang });
    } catch (error) {
      // an unknown organization looks the same as someone else's
      if (error instanceof RpcError && (error.code === 'not_found' || error.code === 'forbidden')) throw new RpcError('forbidden');
      throw error;
    }
  }

  async orga(ctx: RpcCallContext, orgaId: string, need: AccessNeed): Promise<OrgaScope> {
    const member = await this.membership(ctx, orgaId);
    if (!isAllowed(member, need, null)) throw new RpcError('forbidden');
    return { orgaId, member, meta: metaOf(ctx, orgaId, null) };
  }

  async store(ctx: RpcCallContext, orgaId: string, storeId: string, need: AccessNeed): Promise<StoreScope> {
    const member = await this.membership(ctx, orgaId);
    if (!isAllowed(member, need, storeId)) throw new RpcError('forbidden');
    const timeZone = member.store_time_zones[storeId];
    // identity lists a zone for every store it lists; a store without one is not reachable
    if (!timeZone) throw new RpcError('forbidden');
    return { orgaId, storeId, member, storeFilter: storeFilterFor(member, storeId), timeZone, meta: metaOf(ctx, orgaId, storeId) };
  }

  /** A store's customer or pet list (its own rows, or the organization's with share_pets) or, with storeId null, the shared list. */
  async list(ctx: RpcCallContext, orgaId: string, storeId: string | null, need: 'pet_read' | 'pet_write' = 'pet_read'): Promise<ListScope> {
    const member = await this.membership(ctx, orgaId);
    if (storeId === null) {
      if (!canUseSharedLists(member, need)) throw new RpcError('forbidden');
      return { orgaId, storeFilter: null };
    }
    if (!isAllowed(member, need, storeId)) throw new RpcError('forbidden');
    return { orgaId, storeFilter: storeFilterFor(member, storeId) };
  }
}

function requireAuth(ctx: RpcCallContext): AuthContext {
  if (!ctx.auth) throw new RpcError('unauthorized');
  return ctx.auth;
}

export function metaOf(ctx: RpcCallContext, orgaId: string, storeId: string | null): OutboxMeta {
  return { orgaId, storeId, actor: ctx.auth ? { userId: ctx.auth.userId, deviceId: ctx.auth.deviceId } : null };
}
