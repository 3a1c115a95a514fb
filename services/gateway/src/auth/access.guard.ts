import { memberAccessRpc, type AuthContext, type CheckedMember, type MemberAccess } from '@pawline/contracts';
import { memberSubscriptionAccess } from '@pawline/domain';
import { isAllowed, type AccessNeed } from '@pawline/nest-kit';
import { ApiError } from '../http/api-error';
import type { RpcCaller } from '../http/rpc-caller';
import { apiKeyReaches } from './api-key-scope';
import type { MembershipCache } from './membership-cache';

/**
 * spec §6 guards for routes of an organization (and maybe a store), with the kit's access rules
 * over rpc.identity.member.access. The membership it checked travels on to the service in the
 * RPC envelope, so the service applies the same rules to the same facts without asking again.
 */
export class AccessGuard {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly cache: MembershipCache,
  ) {}

  /**
   * The spec §6 guard, then the subscription's block (R4.09, R6.07, docs/adr/0030): a member of an
   * organization whose trial expired or whose Premium lapsed gets 402 subscription_inactive on
   * every route but those open `whileInactive` (the organization, plan, subscription and payment);
   * the answer says whether the caller may subscribe (administrators) or must ask their administrator.
   * An API key (issue 33) must first reach the route by its scopes (`route`: its method and tag; a
   * check without one, the realtime rooms', is no route a key may call); then the member it acts as
   * meets the same guard.
   */
  async check(
    auth: AuthContext,
    access: AccessNeed,
    orgaId: string,
    storeId: string | null,
    options: { whileInactive?: boolean; now?: Date; route?: { method: string; tag: string } } = {},
  ): Promise<CheckedMember> {
    if (auth.apiKey && !(options.route && apiKeyReaches(auth.apiKey, options.route, orgaId, storeId))) throw new ApiError('forbidden');
    const membership = await this.membership(auth, orgaId);
    if (!isAllowed(membership, access, storeId)) throw new ApiError('forbidden');
    if (!options.whileInactive) {
      const standing = memberSubscriptionAccess(membership, options.now ?? new Date());
      if (standing !== 'ok') throw new ApiError('subscription_inactive', { extra: { access: standing } });
    }
    return { ...membership, user_id: auth.userId, orga_id: orgaId };
  }

  /** A route for any signed-in person (their account, their organizations): an API key is no person. */
  checkPerson(auth: AuthContext): void {
    if (auth.apiKey) throw new ApiError('forbidden');
  }

  async membership(auth: AuthContext, orgaId: string): Promise<MemberAccess> {
    const cached = this.cache.get(auth.userId, orgaId);
    if (cached) return cached;
    let membership: MemberAccess;
    // an answer that started before a change must not be kept after it (the change dropped the entry meanwhile)
    const generation = this.cache.generation;
    try {
      membership = await this.rpc.call(memberAccessRpc, { user_id: auth.userId, orga_id: orgaId }, { auth, lang: 'en' });
    } catch (error) {
      // an unknown organization looks the same as someone else's
      if (isCode(error, 'not_found') || isCode(error, 'forbidden')) throw new ApiError('forbidden');
      throw error;
    }
    this.cache.set(auth.userId, orgaId, membership, generation);
    return membership;
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
