import { RANK, REGULAR_EMPLOYEE } from '../orga/member-access';

/** The spec §6 facts of a membership that an API key stands in for. */
export type ApiKeyMember = {
  orga_rank: number;
  employee_status: number;
  store_overrides: Record<string, number>;
  store_ids: string[];
};

/**
 * Which member an API key acts as (issue 33, docs/adr/0059). A key of every store is an administrator
 * (rank 1), so it passes each store guard its scopes let it reach. A key limited to stores must not
 * reach the others: administrators reach every store (R6.04), so it is a moderator (rank 2) with a
 * store override of rank 1 in each of its stores, which reaches only those (R6.01, R6.04), and never
 * passes an organization-wide administrator's guard. Stores the organization no longer has are dropped.
 */
export function apiKeyMember(orgaStoreIds: readonly string[], storeLimit: readonly string[] | null): ApiKeyMember {
  if (storeLimit === null) {
    return { orga_rank: RANK.admin, employee_status: REGULAR_EMPLOYEE, store_overrides: {}, store_ids: [...orgaStoreIds] };
  }
  const stores = orgaStoreIds.filter((id) => storeLimit.includes(id));
  return {
    orga_rank: RANK.moderator,
    employee_status: 0,
    store_overrides: Object.fromEntries(stores.map((id) => [id, RANK.admin])),
    store_ids: stores,
  };
}
