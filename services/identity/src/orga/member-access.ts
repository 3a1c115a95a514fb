/** spec §6: owner 0, admin 1, moderator 2, worker 3, worker2 4 — lower means more power. */
export const RANK = { owner: 0, admin: 1, moderator: 2, worker: 3, worker2: 4 } as const;

/** employee_status 1: a regular employee who reaches every store when there are no overrides. */
export const REGULAR_EMPLOYEE = 1;

/** R6.01: the effective rank in a store is its override, else the organization rank. */
export function effectiveRank(orgaRank: number, storeOverrides: Readonly<Record<string, number>>, storeId: string): number {
  return Object.hasOwn(storeOverrides, storeId) ? (storeOverrides[storeId] ?? orgaRank) : orgaRank;
}

/**
 * R6.04: with store overrides a user reaches only those stores; without, employee_status 1
 * gives general access. Organization owners and admins (rank ≤ 1) always reach every store.
 */
export function reachableStoreIds(
  member: { orgaRank: number; employeeStatus: number; storeOverrides: Readonly<Record<string, number>> },
  orgaStoreIds: readonly string[],
): string[] {
  const overridden = Object.keys(member.storeOverrides);
  if (member.orgaRank <= RANK.admin) return [...orgaStoreIds];
  if (overridden.length > 0) return orgaStoreIds.filter((id) => overridden.includes(id));
  return member.employeeStatus === REGULAR_EMPLOYEE ? [...orgaStoreIds] : [];
}
