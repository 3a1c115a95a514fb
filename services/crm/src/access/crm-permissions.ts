import type { MemberAccess } from '@pawline/contracts';
import { canReadPets, canWritePets, effectiveRank, isOrgaAdmin, type OrgaMember } from '@pawline/domain';

/** The caller's membership (rpc.identity.member.access) and the organization's share_pets. */
export type CrmMembership = MemberAccess & { share_pets: boolean };
export type PetNeed = 'read' | 'write';
export type OrgaNeed = 'member' | 'pet_write' | 'orga_admin';

function asMember(m: CrmMembership): OrgaMember {
  return { orga_rank: m.orga_rank, employee_status: m.employee_status, store_overrides: m.store_overrides, active: m.member && m.active };
}

/**
 * R6.03 R6.04 customers and pets of a store: the store is one the member reaches and their
 * effective rank there is at most the organization's minimum for reading / writing pets.
 */
export function canUsePetsInStore(m: CrmMembership, storeId: string, need: PetNeed): boolean {
  if (!m.member || !m.active || !m.store_ids.includes(storeId)) return false;
  const member = asMember(m);
  return need === 'read' ? canReadPets(member, storeId, m.min_ranks) : canWritePets(member, storeId, m.min_ranks);
}

/** R1.11 R6.08 the organization's shared lists: only with share_pets, for a member who may use pets in one of their stores. */
export function canUseSharedLists(m: CrmMembership, need: PetNeed): boolean {
  return m.share_pets && m.store_ids.some((storeId) => canUsePetsInStore(m, storeId, need));
}

/**
 * Organization-level things: tags (pet write by the organization rank, whatever the member's store
 * overrides say), external services and settings (organization admin).
 */
export function canUseOrga(m: CrmMembership, need: OrgaNeed): boolean {
  if (!m.member || !m.active) return false;
  switch (need) {
    case 'member':
      return true;
    case 'pet_write':
      // no store is involved: the organization rank decides (R6.01), as the gateway's pet_write guard does
      return effectiveRank(asMember(m)) <= m.min_ranks.write_pets;
    case 'orga_admin':
      return isOrgaAdmin(asMember(m));
  }
}

/**
 * R6.08 which rows a store sees: with share_pets the organization's (store filter null),
 * otherwise its own.
 */
export function storeFilterFor(m: Pick<CrmMembership, 'share_pets'>, storeId: string): string | null {
  return m.share_pets ? null : storeId;
}

/** R6.08 a row is visible from a store when pets are shared or it belongs to that store. */
export function isRowVisible(row: { orga_id: string; store_id: string }, orgaId: string, storeFilter: string | null): boolean {
  return row.orga_id === orgaId && (storeFilter === null || row.store_id === storeFilter);
}
