import type { MemberAccess } from '@pawline/contracts';
import {
  canReachStore as memberReachesStore,
  canReadPets,
  canReadStore,
  canWritePets,
  canWriteStore,
  effectiveRank,
  isOrgaAdmin,
  isStoreAdmin,
  type OrgaMember,
} from '@pawline/domain';

/**
 * The spec §6 guards a route or a handler can ask for. Store needs take the request's store;
 * pet needs without a store (tags) are judged by the organization rank, store overrides aside.
 */
export type AccessNeed = 'member' | 'orga_admin' | 'store_admin' | 'store_read' | 'store_write' | 'pet_read' | 'pet_write';

/** The membership facts the rules read (rpc.identity.member.access minus tier and time zones). */
export type Membership = Pick<
  MemberAccess,
  'member' | 'active' | 'orga_rank' | 'employee_status' | 'store_overrides' | 'store_ids' | 'min_ranks' | 'share_pets'
>;

function asMember(m: Membership): OrgaMember {
  return { orga_rank: m.orga_rank, employee_status: m.employee_status, store_overrides: m.store_overrides, active: m.member && m.active };
}

/**
 * R6.04 (libs/domain) and the store must be one identity lists for this membership: a store id of
 * another organization never passes.
 */
export function canReachStore(m: Membership, storeId: string): boolean {
  return m.member && m.active && m.store_ids.includes(storeId) && memberReachesStore(asMember(m), storeId);
}

/** Whether a member passes a guard (spec §6, R6.01–R6.04), with the pure rank rules of @pawline/domain. */
export function isAllowed(m: Membership, need: AccessNeed, storeId: string | null): boolean {
  if (!m.member || !m.active) return false;
  if (storeId !== null && !canReachStore(m, storeId)) return false;
  const member = asMember(m);
  switch (need) {
    case 'member':
      return true;
    case 'orga_admin':
      return isOrgaAdmin(member);
    case 'store_admin':
      return storeId !== null && isStoreAdmin(member, storeId);
    case 'store_read':
      return storeId !== null && canReadStore(member, storeId, m.min_ranks);
    case 'store_write':
      return storeId !== null && canWriteStore(member, storeId, m.min_ranks);
    case 'pet_read':
    case 'pet_write': {
      const check = need === 'pet_read' ? canReadPets : canWritePets;
      if (storeId !== null) return check(member, storeId, m.min_ranks);
      // no store is involved (R6.01): an override raising or lowering the member in one store does not count
      return effectiveRank(member) <= (need === 'pet_read' ? m.min_ranks.read_pets : m.min_ranks.write_pets);
    }
  }
}

/** R6.08 the organization's shared customer and pet lists: only with share_pets, for a member who may use pets in one of their stores. */
export function canUseSharedLists(m: Membership, need: 'pet_read' | 'pet_write'): boolean {
  return m.share_pets && m.store_ids.some((storeId) => canReachStore(m, storeId) && isAllowed(m, need, storeId));
}

/** R6.08 which rows a store sees: with share_pets the organization's (store filter null), otherwise its own. */
export function storeFilterFor(m: Pick<Membership, 'share_pets'>, storeId: string): string | null {
  return m.share_pets ? null : storeId;
}

/** R6.08 a row is visible from a store when pets are shared or it belongs to that store. */
export function isRowVisible(row: { orga_id: string; store_id: string }, orgaId: string, storeFilter: string | null): boolean {
  return row.orga_id === orgaId && (storeFilter === null || row.store_id === storeFilter);
}
