// spec §6: lower rank means more power.
export const RANKS = { owner: 0, admin: 1, moderator: 2, worker: 3, worker2: 4 } as const;
export type RankName = keyof typeof RANKS;
export type Rank = (typeof RANKS)[RankName];

/** An organization user as the REST API sends it (snake_case); permission-schemas.ts parses it. */
export type OrgaMember = {
  orga_rank: number;
  employee_status: number;
  store_overrides: Record<string, number>;
  active: boolean;
};

/** The organization's minimum ranks (min_rank_read_store … min_rank_write_pets). */
export type MinRanks = { read_store: number; write_store: number; read_pets: number; write_pets: number };

/** spec §3: employee_status 1 means a regular employee when there are no store overrides. */
export const EMPLOYEE_STATUS_GENERAL_ACCESS = 1;

function hasOverrides(member: OrgaMember): boolean {
  return Object.keys(member.store_overrides).length > 0;
}

/** R6.01 the store override if present, otherwise the organization rank. */
export function effectiveRank(member: OrgaMember, storeId?: string): number {
  if (storeId !== undefined && Object.prototype.hasOwnProperty.call(member.store_overrides, storeId)) {
    return member.store_overrides[storeId];
  }
  return member.orga_rank;
}

/** R6.02 owner check: rank 0. A deactivated user holds no rights. */
export function isOwner(member: OrgaMember): boolean {
  return member.active && member.orga_rank === RANKS.owner;
}

/** R6.02 organization administrator: organization rank 1 or lower. */
export function isOrgaAdmin(member: OrgaMember): boolean {
  return member.active && member.orga_rank <= RANKS.admin;
}

/**
 * R6.04 with store overrides only those stores; without, employee_status 1 gives general
 * access. Organization administrators without overrides also reach every store: they
 * administer them (otherwise an owner with another employee_status would be locked out).
 */
export function canReachStore(member: OrgaMember, storeId: string): boolean {
  if (!member.active) return false;
  if (hasOverrides(member)) {
    return Object.prototype.hasOwnProperty.call(member.store_overrides, storeId);
  }
  return member.employee_status === EMPLOYEE_STATUS_GENERAL_ACCESS || member.orga_rank <= RANKS.admin;
}

/** R6.02 store administrator: effective rank 1 or lower in a store the member reaches. */
export function isStoreAdmin(member: OrgaMember, storeId: string): boolean {
  return canReachStore(member, storeId) && effectiveRank(member, storeId) <= RANKS.admin;
}

function hasRankFor(member: OrgaMember, storeId: string, minRank: number): boolean {
  return canReachStore(member, storeId) && effectiveRank(member, storeId) <= minRank;
}

/** R6.03 rank at most the organization's minimum for reading the store. */
export function canReadStore(member: OrgaMember, storeId: string, minRanks: MinRanks): boolean {
  return hasRankFor(member, storeId, minRanks.read_store);
}

/** R6.03 rank at most the organization's minimum for writing the store. */
export function canWriteStore(member: OrgaMember, storeId: string, minRanks: MinRanks): boolean {
  return hasRankFor(member, storeId, minRanks.write_store);
}

/** R6.03 rank at most the organization's minimum for reading pets. */
export function canReadPets(member: OrgaMember, storeId: string, minRanks: MinRanks): boolean {
  return hasRankFor(member, storeId, minRanks.read_pets);
}

/** R6.03 rank at most the organization's minimum for writing pets. */
export function canWritePets(member: OrgaMember, storeId: string, minRanks: MinRanks): boolean {
  return hasRankFor(member, storeId, minRanks.write_pets);
}

/** What an organization's member list holds of a user, as the browser and the services receive it (spec §3). */
export type OrganizationUserRanks = {
  user_id: string;
  orga_rank?: number;
  employee_status?: number;
  store_override?: Record<string, number>;
  active?: boolean;
};

/** A user's membership as the rules above read it, from the organization's member list; null for a non-member. */
export function orgaMemberOf(orga: { users: readonly OrganizationUserRanks[] } | null | undefined, userId: string): OrgaMember | null {
  const user = orga?.users.find((candidate) => candidate.user_id === userId);
  if (!user) return null;
  return {
    orga_rank: user.orga_rank ?? RANKS.worker2,
    employee_status: user.employee_status ?? EMPLOYEE_STATUS_GENERAL_ACCESS,
    store_overrides: user.store_override ?? {},
    active: user.active ?? true,
  };
}

/** spec §3 the organization's minimum ranks (min_rank_read_store …) as the rules above read them. */
export function minRanksOf(orga: {
  min_rank_read_store: number;
  min_rank_write_store: number;
  min_rank_read_pets: number;
  min_rank_write_pets: number;
}): MinRanks {
  return {
    read_store: orga.min_rank_read_store,
    write_store: orga.min_rank_write_store,
    read_pets: orga.min_rank_read_pets,
    write_pets: orga.min_rank_write_pets,
  };
}

/** What a member may do in a store beyond reaching it (spec §6, R6.03): each needs the rank the organization set. */
export type StoreAccess = 'store_read' | 'store_write' | 'pet_write';

const STORE_ACCESS_RULES = { store_read: canReadStore, store_write: canWriteStore, pet_write: canWritePets } as const;

/** An organization as the browser holds it: its stores, members and minimum ranks. */
export type OrganizationAccessView<S extends { id: string } = { id: string }> = Parameters<typeof minRanksOf>[0] & {
  stores: readonly S[];
  users: readonly OrganizationUserRanks[];
};

/**
 * R6.03 R6.04 read or write access to a store, or write access to pets there: a store of the organization the
 * user reaches, with an effective rank at most the organization's minimum for that action.
 */
export function hasStoreAccess(orga: OrganizationAccessView | null, userId: string, storeId: string, access: StoreAccess): boolean {
  const member = orgaMemberOf(orga, userId);
  if (!orga || !member || !orga.stores.some((store) => store.id === storeId)) return false;
  return STORE_ACCESS_RULES[access](member, storeId, minRanksOf(orga));
}

/**
 * R6.03 R6.04 the stores of an organization a user may read: reached (overrides, else employee_status 1 or
 * administrator) with an effective rank at most min_rank_read_store there; none for a non-member.
 */
export function readableStores<S extends { id: string }>(orga: OrganizationAccessView<S>, userId: string): S[] {
  return orga.stores.filter((store) => hasStoreAccess(orga, userId, store.id, 'store_read'));
}
