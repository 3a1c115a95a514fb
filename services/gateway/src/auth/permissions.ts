import type { MemberAccess } from '@pawline/contracts';
import {
  canReachStore as memberReachesStore,
  canReadStore,
  canWritePets,
  canWriteStore,
  effectiveRank,
  isOrgaAdmin,
  isStoreAdmin,
  type OrgaMember,
} from '@pawline/domain';

/** The guards of spec §6 a route can ask for. */
export type OrgaAccess = 'member' | 'orga_admin' | 'store_admin' | 'store_read' | 'store_write' | 'pet_write';

/** The membership facts the guards need (a subset of rpc.identity.member.access). */
export type Membership = Pick<
  MemberAccess,
  'member' | 'active' | 'orga_rank' | 'employee_status' | 'store_overrides' | 'store_ids' | 'min_ranks'
>;

function asMember(membership: Membership): OrgaMember {
  return {
    orga_rank: membership.orga_rank,
    employee_status: membership.employee_status,
    store_overrides: membership.store_overrides,
    active: membership.member && membership.active,
  };
}

/**
 * R6.04 (libs/domain) and the store must be one identity lists for this membership: a store id
 * of another organization in the path never passes.
 */
export function canReachStore(membership: Membership, storeId: string): boolean {
  return membership.store_ids.includes(storeId) && memberReachesStore(asMember(membership), storeId);
}

/**
 * Whether a member passes a guard (spec §6, R6.01–R6.05), with the pure rank rules of
 * @pawline/domain. Store guards need the route's store; pet_write without a store uses the
 * organization rank.
 */
export function isAllowed(membership: Membership, access: OrgaAccess, storeId: string | null): boolean {
  if (!membership.member || !membership.active) return false;
  const member = asMember(membership);
  if (storeId !== null && !canReachStore(membership, storeId)) return false;
  switch (access) {
    case 'member':
      return true;
    case 'orga_admin':
      return isOrgaAdmin(member);
    case 'store_admin':
      return storeId !== null && isStoreAdmin(member, storeId);
    case 'store_read':
      return storeId !== null && canReadStore(member, storeId, membership.min_ranks);
    case 'store_write':
      return storeId !== null && canWriteStore(member, storeId, membership.min_ranks);
    case 'pet_write':
      return storeId !== null
        ? canWritePets(member, storeId, membership.min_ranks)
        : effectiveRank(member) <= membership.min_ranks.write_pets;
  }
}
