import type { MemberAccess } from '@pawline/contracts';
import {
  historyWindowStart,
  planHasFeature,
  planOfOrganization,
  quotaAllows,
  type Plan,
  type PlanLimits,
  type PremiumFeature,
  type QuotaName,
} from '@pawline/domain';
import type { EntityManager } from 'typeorm';
import { RpcError } from '../rpc/rpc-error';

// Entitlements enforced by the server (issue 14, docs/adr/0029, 0031): a service refuses a premium
// feature or a quota its plan lacks with plan_required (402, the spec's 'update your plan' text in the
// caller's language). The plan comes from the tier the membership carries (identity keeps it from
// billing's evt.billing.subscription.changed.v1) and, on the Customized plan, the limits an operator
// agreed for the organization (plan_limits, same event); services ask nobody.

export type TierOf = Pick<MemberAccess, 'tier'> | { tier: number; plan_limits?: PlanLimits | null };

/** The organization's plan: its tier's, with its Customized limits in place of the defaults. */
export function planOf(orga: TierOf): Plan {
  return planOfOrganization(orga.tier, 'plan_limits' in orga ? orga.plan_limits : null);
}

/** Refuses a premium feature the organization's plan does not include (R1.20). */
export function requirePlanFeature(orga: TierOf, feature: PremiumFeature): void {
  if (!planHasFeature(planOf(orga), feature)) throw new RpcError('plan_required', { params: { feature } });
}

/** Refuses one more of a counted thing (users, stores, tags, …) beyond the plan's number. */
export function requirePlanQuota(orga: TierOf, quota: QuotaName, current: number): void {
  const plan = planOf(orga);
  if (quotaAllows(plan, quota, current)) return;
  throw new RpcError('plan_required', { params: { quota, limit: plan.quotas[quota] ?? 0 } });
}

/**
 * requirePlanQuota counted under a lock: inside the caller's transaction it takes a transaction-level
 * advisory lock on (quota, scope) before counting, so two creates at the same moment are serialized
 * and the second one counts the first (the lock is released by the transaction's commit or rollback).
 * `scopeKey` is what the quota is counted over: the organization for tags, the pet for its images.
 */
export async function requirePlanQuotaLocked(
  manager: Pick<EntityManager, 'query'>,
  orga: TierOf,
  quota: QuotaName,
  scopeKey: string,
  count: () => Promise<number>,
): Promise<void> {
  const plan = planOf(orga);
  // unlimited: nothing to count, nobody to wait for
  if (quota !== 'stores' && plan.quotas[quota] === null) return;
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`plan-quota:${quota}:${scopeKey}`]);
  requirePlanQuota(orga, quota, await count());
}

/**
 * R1.20 full appointment history: the earliest moment of a past appointment the organization's plan
 * lets it read (null: all of it). Reads of older appointments are narrowed to this window, not refused.
 */
export function planHistoryStart(orga: TierOf, now: Date = new Date()): Date | null {
  return historyWindowStart(planOf(orga), now);
}
