import { planHasFeature, planOfOrganization, planOfTier, type PlanLimits } from '../billing/plans';
import { MS_PER_DAY, toEpochMs, type Instant } from '../time/instant';
import { localDateOf } from '../time/local-time';

// The message quota (spec §1, §3 msg_left/msg_entitled, §8 plan warnings, §9): R8.09, R4.10.

/** spec §1, §9 Premium (and the trial) includes 50 free WhatsApp reminders in the first 30 days. */
export const TRIAL_FREE_MESSAGES = 50;
export const TRIAL_FREE_MESSAGES_DAYS = 30;
/** spec §8, §9 once the plan's monthly reminders are used: 10 more free that month, then €0.20 each plus VAT. */
export const OVER_PLAN_FREE_MESSAGES = 10;
export const OVER_PLAN_PRICE_CENTS = 20;
/** spec §8 'Less than 10 whatsapp messages left.' */
export const LOW_MESSAGES_THRESHOLD = 10;
/** spec §9 example plan: 500 reminders a month; a paid tier gets it until billing records its plan. */
export const DEFAULT_PLAN_MONTHLY_MESSAGES = 500;

export type QuotaWarningKind = 'low' | 'plan_limit' | 'trial_limit';

export type QuotaState = {
  tier: number;
  msg_left: number;
  msg_entitled: number;
  over_plan_free_left: number;
  over_plan_billed: number;
  /** keep sending past the plan's free extras, billed (settings' auto_msg) */
  auto_msg: boolean;
  /** tier 0: the end of the 30 days of free messages */
  trial_messages_until: Date | null;
};

export type Allocation = { fromPlan: number; fromFree: number; billed: number; granted: number };

export function isTrialTier(tier: number): boolean {
  return tier === 0;
}

/** The end of a trial's free messages: 30 days after the organization was created. */
export function trialMessagesUntil(createdAt: Instant): Date {
  return new Date(toEpochMs(createdAt) + TRIAL_FREE_MESSAGES_DAYS * MS_PER_DAY);
}

/**
 * How `count` messages are taken: first from the plan's messages left, then (paid tiers) from the 10
 * free extras, then billed when auto_msg is on. A trial takes only from its 50, and only in its 30 days.
 */
export function allocateMessages(state: QuotaState, count: number, now: Instant): Allocation {
  const wanted = Math.max(0, Math.trunc(count));
  // R1.20 WhatsApp reminders are a premium feature: a plan without them (the Free plan) sends none, not even the extras
  if (!planHasFeature(planOfTier(state.tier), 'whatsapp_reminders')) return { fromPlan: 0, fromFree: 0, billed: 0, granted: 0 };
  if (isTrialTier(state.tier)) {
    const open = state.trial_messages_until !== null && toEpochMs(now) < state.trial_messages_until.getTime();
    const fromPlan = open ? Math.min(Math.max(0, state.msg_left), wanted) : 0;
    return { fromPlan, fromFree: 0, billed: 0, granted: fromPlan };
  }
  const fromPlan = Math.min(Math.max(0, state.msg_left), wanted);
  const fromFree = Math.min(Math.max(0, state.over_plan_free_left), wanted - fromPlan);
  const billed = state.auto_msg ? wanted - fromPlan - fromFree : 0;
  return { fromPlan, fromFree, billed, granted: fromPlan + fromFree + billed };
}

export function applyAllocation(state: QuotaState, allocation: Allocation): QuotaState {
  return {
    ...state,
    msg_left: state.msg_left - allocation.fromPlan,
    over_plan_free_left: state.over_plan_free_left - allocation.fromFree,
    over_plan_billed: state.over_plan_billed + allocation.billed,
  };
}

/**
 * Gives back messages reserved but never sent, in the reverse of allocateMessages: the billed ones
 * first, then the free extras (used only once the plan's were gone), then the plan's. A trial has no extras.
 */
export function releaseMessages(state: QuotaState, count: number): QuotaState {
  let left = Math.max(0, Math.trunc(count));
  const unbilled = Math.min(state.over_plan_billed, left);
  left -= unbilled;
  const freeUsed = isTrialTier(state.tier) || state.msg_left > 0 ? 0 : Math.max(0, OVER_PLAN_FREE_MESSAGES - state.over_plan_free_left);
  const freeBack = Math.min(freeUsed, left);
  left -= freeBack;
  const planBack = Math.min(Math.max(0, state.msg_entitled - state.msg_left), left);
  return {
    ...state,
    over_plan_billed: state.over_plan_billed - unbilled,
    over_plan_free_left: state.over_plan_free_left + freeBack,
    msg_left: state.msg_left + planBack,
  };
}

/** spec §8 plan warnings (R8.09). */
export function quotaWarning(state: QuotaState, now: Instant): QuotaWarningKind | null {
  if (isTrialTier(state.tier)) {
    const over = state.trial_messages_until === null || toEpochMs(now) >= state.trial_messages_until.getTime();
    if (over || state.msg_left <= 0) return 'trial_limit';
    return state.msg_left < LOW_MESSAGES_THRESHOLD ? 'low' : null;
  }
  if (state.msg_left <= 0) return 'plan_limit';
  return state.msg_left < LOW_MESSAGES_THRESHOLD ? 'low' : null;
}

/** The month an instant falls in, in a time zone: 'YYYY-MM'. */
export function quotaPeriodOf(at: Instant, timeZone: string): string {
  return localDateOf(toEpochMs(at), timeZone).slice(0, 7);
}

export type Entitlement = { monthly: number; source: 'trial' | 'plan' | 'tier_default' };

/** What a tier is entitled to: the trial's 50 once, a plan's monthly messages, or the default plan for a paid tier without one. */
export function entitlementFor(tier: number, planMonthly: number | null): Entitlement {
  if (isTrialTier(tier)) return { monthly: TRIAL_FREE_MESSAGES, source: 'trial' };
  if (planMonthly !== null) return { monthly: planMonthly, source: 'plan' };
  // the reminders of the tier's plan (Basic 100, Standard 250, Premium 500, the Free plan none; ADR 0031)
  return { monthly: planOfTier(tier).quotas.monthly_reminders, source: 'tier_default' };
}

/**
 * The monthly reminders an operator agreed for a Customized plan (docs/adr/0031), or null where the
 * tier's own entitlement applies (any other tier, or Customized limits that leave reminders alone).
 */
export function agreedMonthlyReminders(tier: number, limits: PlanLimits | null | undefined): number | null {
  if (limits?.monthly_reminders === undefined) return null;
  const plan = planOfOrganization(tier, limits);
  return plan.id === 'customized' ? plan.quotas.monthly_reminders : null;
}

/**
 * A new month for a paid tier: msg_left back to the entitlement, the 10 free extras back, nothing billed.
 * A trial is not monthly: its 50 last for its 30 days.
 */
export function startPeriod(state: QuotaState, entitled: number): QuotaState {
  if (isTrialTier(state.tier)) return { ...state, msg_entitled: entitled };
  return { ...state, msg_entitled: entitled, msg_left: entitled, over_plan_free_left: OVER_PLAN_FREE_MESSAGES, over_plan_billed: 0 };
}
