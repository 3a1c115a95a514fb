import type { Organization, OrganizationUser, Store } from '@pawline/api-client';
import { canReachStore, isOrgaAdmin, type OrgaMember } from '@pawline/domain';

/** The signed-in user's membership as the permission rules of libs/domain read it. */
export function memberOf(orga: Organization | null, userId: string): OrgaMember | null {
  const user: OrganizationUser | undefined = orga?.users.find((candidate) => candidate.user_id === userId);
  if (!user) return null;
  return {
    orga_rank: user.orga_rank ?? 4,
    employee_status: user.employee_status ?? 1,
    store_overrides: user.store_override ?? {},
    active: user.active ?? true,
  };
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
