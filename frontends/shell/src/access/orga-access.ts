import type { Organization, Store } from '@pawline/api-client';
import { canReachStore, isOrgaAdmin, isStoreAdmin, orgaMemberOf, type OrgaMember } from '@pawline/domain';

// spec §6 store read, store write and pet write (R6.03): the rule of libs/domain, shared with the remotes
export { hasStoreAccess, type StoreAccess } from '@pawline/domain';

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
