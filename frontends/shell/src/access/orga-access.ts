import type { Organization, Store } from '@pawline/api-client';
import {
  canReachStore,
  canReadStore,
  canWritePets,
  canWriteStore,
  isOrgaAdmin,
  isStoreAdmin,
  minRanksOf,
  orgaMemberOf,
  type OrgaMember,
} from '@pawline/domain';

/** The signed-in user's membership as the permission rules of libs/domain read it. */
export function memberOf(orga: Organization | null, userId: string): OrgaMember | null {
  return orgaMemberOf(orga, userId);
}

/** R6.04: with store overrides only those stores, otherwise every store the rules allow. */
export function visibleStores(orga: Organization | null, userId: string): Store[] {
  if (!orga) return [];
  const member = memberOf(orga, userId);
  if (!member) return orga.stores;
  return orga.stores.filter((store) => canReachStore(member, store.id));
}

/** R2.02 R6.06: organization administrators (rank 1 or lower). */
export function isOrgaAdministrator(orga: Organization | null, userId: string): boolean {
  const member = memberOf(orga, userId);
  return member !== null && isOrgaAdmin(member);
}

/**
 * R6.02 R6.04 store administrators: rank 1 or lower in a store of the organization the user reaches
 * (a store override there counts, else the organization rank); a store of another organization, or
 * one the user does not reach, has no administrator in them.
 */
export function isStoreAdministrator(orga: Organization | null, userId: string, storeId: string): boolean {
  const member = memberOf(orga, userId);
  if (!orga || !member || !orga.stores.some((store) => store.id === storeId)) return false;
  return isStoreAdmin(member, storeId);
}

/** What a member may do in a store beyond reaching it (spec §6, R6.03): each needs the rank the organization set. */
export type StoreAccess = 'store_read' | 'store_write' | 'pet_write';

const STORE_ACCESS_RULES = { store_read: canReadStore, store_write: canWriteStore, pet_write: canWritePets } as const;

/**
 * R6.03 R6.04 read or write access to a store, or write access to pets there: a store of the organization the
 * user reaches, with an effective rank at most the organization's minimum for that action (libs/domain).
 */
export function hasStoreAccess(orga: Organization | null, userId: string, storeId: string, access: StoreAccess): boolean {
  const member = memberOf(orga, userId);
  if (!orga || !member || !orga.stores.some((store) => store.id === storeId)) return false;
  return STORE_ACCESS_RULES[access](member, storeId, minRanksOf(orga));
}
