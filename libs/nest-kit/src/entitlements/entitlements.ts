import type { MemberAccess } from '@pawline/contracts';
import { planHasFeature, planOfTier, quotaAllows, type PremiumFeature, type QuotaName } from '@pawline/domain';
import { RpcError } from '../rpc/rpc-error';

// Entitlements enforced by the server (issue 14, docs/adr/0029): a service refuses a premium feature
// or a quota its plan lacks with plan_required (402, the spec's 'update your plan' text in the
// caller's language). The plan comes from the tier the membership carries (identity keeps it from
// billing's evt.billing.subscription.changed.v1); services ask nobody.

export type TierOf = Pick<MemberAccess, 'tier'> | { tier: number };

/** Refuses a premium feature the organization's plan does not include (R1.20). */
export function requirePlanFeature(orga: TierOf, feature: PremiumFeature): void {
  if (!planHasFeature(planOfTier(orga.tier), feature)) throw new RpcError('plan_required', { params: { feature } });
}

/** Refuses one more of a counted thing (users, stores, tags, …) beyond the plan's number. */
export function requirePlanQuota(orga: TierOf, quota: QuotaName, current: number): void {
  const plan = planOfTier(orga.tier);
  if (quotaAllows(plan, quota, current)) return;
  throw new RpcError('plan_required', { params: { quota, limit: plan.quotas[quota] ?? 0 } });
}
