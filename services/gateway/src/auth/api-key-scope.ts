import type { ApiKeyArea, AuthContext } from '@pawline/contracts';

/** Which area of API key scopes a route's OpenAPI tag belongs to; the other tags are for people only. */
export const API_KEY_AREA_OF_TAG: Readonly<Record<string, ApiKeyArea>> = {
  scheduling: 'calendar',
  crm: 'customers',
  booking: 'booking',
  messaging: 'messaging',
};

export type ApiKeyReach = NonNullable<AuthContext['apiKey']>;

/**
 * Whether an API key's scopes let it call a route (issue 33, docs/adr/0059): a route of one of its
 * areas, a read (GET) with `<area>:read` or `<area>:write`, anything else only with `<area>:write`;
 * its own organization, and a store it is limited to. The spec §6 guard of the route then judges the
 * member the key acts as, like anyone's membership (AccessGuard).
 */
export function apiKeyReaches(key: ApiKeyReach, route: { method: string; tag: string }, orgaId: string, storeId: string | null): boolean {
  const area = API_KEY_AREA_OF_TAG[route.tag];
  if (!area) return false;
  const reading = route.method.toLowerCase() === 'get';
  const scoped = key.scopes.includes(`${area}:write`) || (reading && key.scopes.includes(`${area}:read`));
  if (!scoped) return false;
  if (key.orga_id !== orgaId) return false;
  return storeId === null || key.store_ids === null || key.store_ids.includes(storeId);
}
