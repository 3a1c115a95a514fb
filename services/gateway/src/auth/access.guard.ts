import { memberAccessRpc, type AuthContext, type MemberAccess } from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import type { RpcCaller } from '../http/rpc-caller';
import type { MembershipCache } from './membership-cache';
import { isAllowed, type OrgaAccess } from './permissions';

/** spec §6 guards for routes of an organization (and maybe a store), over rpc.identity.member.access. */
export class AccessGuard {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly cache: MembershipCache,
  ) {}

  async check(auth: AuthContext, access: OrgaAccess, orgaId: string, storeId: string | null): Promise<MemberAccess> {
    const membership = await this.membership(auth, orgaId);
    if (!isAllowed(membership, access, storeId)) throw new ApiError('forbidden');
    return membership;
  }

  async membership(auth: AuthContext, orgaId: string): Promise<MemberAccess> {
    const cached = this.cache.get(auth.userId, orgaId);
    if (cached) return cached;
    let membership: MemberAccess;
    try {
      membership = await this.rpc.call(memberAccessRpc, { user_id: auth.userId, orga_id: orgaId }, { auth, lang: 'en' });
    } catch (error) {
      // an unknown organization looks the same as someone else's
      if (isCode(error, 'not_found') || isCode(error, 'forbidden')) throw new ApiError('forbidden');
      throw error;
    }
    this.cache.set(auth.userId, orgaId, membership);
    return membership;
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
