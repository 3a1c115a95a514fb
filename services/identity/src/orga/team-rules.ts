import { RANKS, isOrgaAdmin, isOwner, type OrgaMember } from '@pawline/domain';

/** Why an organization administrator may not make a change to a team member, or null when allowed. */
export type TeamRefusal = 'not_admin' | 'owner_only' | 'above_own_rank' | 'outranks_actor' | 'self' | null;

export type TeamActor = OrgaMember;

/** The rank a member would hold: organization rank and store overrides. */
export type RankGrant = { orgaRank: number; storeRanks: readonly number[] };

/**
 * spec §6 and R3.03, checked by the service for every team write: only organization
 * administrators manage the team (R2.02); only the owner makes, changes or removes an owner;
 * nobody grants a rank above their own (lower number = more power), in the organization or a
 * store; and an administrator does not change someone who outranks them.
 */
export function teamChangeRefusal(actor: TeamActor, target: { orgaRank: number } | null, grant: RankGrant | null): TeamRefusal {
  if (!isOrgaAdmin(actor)) return 'not_admin';
  const owner = isOwner(actor);
  const touchesOwner =
    target?.orgaRank === RANKS.owner || grant?.orgaRank === RANKS.owner || (grant?.storeRanks ?? []).includes(RANKS.owner);
  if (touchesOwner && !owner) return 'owner_only';
  if (target && target.orgaRank < actor.orga_rank) return 'outranks_actor';
  if (grant && (grant.orgaRank < actor.orga_rank || grant.storeRanks.some((rank) => rank < actor.orga_rank))) return 'above_own_rank';
  return null;
}

/** Deactivating or reactivating: the team rules, and nobody switches themselves off. */
export function activationRefusal(actor: TeamActor, actorUserId: string, target: { orgaRank: number; userId: string }): TeamRefusal {
  if (actorUserId === target.userId) return isOrgaAdmin(actor) ? 'self' : 'not_admin';
  return teamChangeRefusal(actor, target, null);
}
