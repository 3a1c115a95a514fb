import { apiQueryFilter, type ApiQueryFilter } from '@pawline/api-client';

// What a write of the settings screens changes on screen, for useApiMutation's `invalidates`. The organization
// (getOrga) is also the shell's own query (its name, stores and members in the frame): one cache, so the frame
// follows without being told.

/** The organization's data or settings: the organization and the list of the person's organizations. */
export function orgaWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('getOrga', { orga }), apiQueryFilter('listOrgas')];
}

/** A store created or changed: the organization (its stores, the frame's switcher, R2.07) and the store lists. */
export function storeWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('getOrga', { orga }), apiQueryFilter('listStores', { orga }), apiQueryFilter('getStore', { orga })];
}

/** A team member created, changed, deactivated or reactivated: the team, the member and the organization's users. */
export function teamWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('listTeam', { orga }), apiQueryFilter('getTeamMember', { orga }), apiQueryFilter('getOrga', { orga })];
}

/** The person's own data changed (name, language, a pending e-mail, the rating's time): the shell's and the user page's getUser. */
export function userWrites(): ApiQueryFilter[] {
  return [apiQueryFilter('getUser')];
}
