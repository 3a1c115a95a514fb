import { MS_PER_DAY, toEpochMs, type Instant } from '../time/instant';

// spec §4 and §9 (R4.08, R4.09, R9.01).
export const TRIAL_DAYS = 15;
/**
 * Issue 29 departs from spec R4.08's scale of 30: the bar is the days left of the trial's 15, so a
 * new salon sees it full, not half full at '15 days left'; promo days beyond 15 keep it full.
 */
export const SIDEBAR_TRIAL_SCALE_DAYS = TRIAL_DAYS;
export const TRIAL_BANNER_MIN_DAYS = 1;
export const TRIAL_BANNER_MAX_DAYS = 6;
export const EXPIRY_WARNING_DAYS = 14;

export const EXPIRY_STATES = { notExpiring: -1, expired: 0, expiringSoon: 1 } as const;
export type ExpiryState = (typeof EXPIRY_STATES)[keyof typeof EXPIRY_STATES];

export type SubscriptionOrga = {
  tier: number;
  created_at: Instant;
  subscribed_until: Instant | null | undefined;
};

/** End of the free trial: creation plus 15 days plus any extra days granted. */
export function trialEnd(createdAt: Instant, extraDays = 0): Date {
  return new Date(toEpochMs(createdAt) + (TRIAL_DAYS + extraDays) * MS_PER_DAY);
}

/** subscribed_until, or for a trial without one the end of the 15 days. */
export function subscriptionEnd(orga: SubscriptionOrga): Date {
  if (orga.subscribed_until !== null && orga.subscribed_until !== undefined) return new Date(toEpochMs(orga.subscribed_until));
  return trialEnd(orga.created_at);
}

/** R4.09 the ceiling of the days left until the end (0 or negative once passed). */
export function remainingDays(end: Instant, now: Instant): number {
  const days = Math.ceil((toEpochMs(end) - toEpochMs(now)) / MS_PER_DAY);
  return days === 0 ? 0 : days; // no -0
}

/** R4.09 tier above 0 → -1; tier 0 past the end → 0; within 14 days → 1; else -1. */
export function expiryState(orga: SubscriptionOrga, now: Instant): ExpiryState {
  if (orga.tier > 0) return EXPIRY_STATES.notExpiring;
  const leftMs = subscriptionEnd(orga).getTime() - toEpochMs(now);
  if (leftMs <= 0) return EXPIRY_STATES.expired;
  if (leftMs <= EXPIRY_WARNING_DAYS * MS_PER_DAY) return EXPIRY_STATES.expiringSoon;
  return EXPIRY_STATES.notExpiring;
}

/** R4.09 paid, or remaining days above 0; an inactive organization is blocked until it subscribes. */
export function isActive(orga: SubscriptionOrga, now: Instant): boolean {
  return orga.tier > 0 || remainingDays(subscriptionEnd(orga), now) > 0;
}

/** R4.08 whether a number of remaining days is in the banner window (1 to 6). */
export function isTrialBannerDay(days: number): boolean {
  return days >= TRIAL_BANNER_MIN_DAYS && days <= TRIAL_BANNER_MAX_DAYS;
}

/** R4.08 the free-trial banner opens at 1 to 6 remaining days (tier 0 only). */
export function showTrialBanner(orga: SubscriptionOrga, now: Instant): boolean {
  return orga.tier === 0 && isTrialBannerDay(remainingDays(subscriptionEnd(orga), now));
}

/** R4.08 (issue 29) remaining days as a percentage of the trial's 15, between 0 and 100. */
export function sidebarTrialPercent(days: number): number {
  return Math.min(100, Math.max(0, (days / SIDEBAR_TRIAL_SCALE_DAYS) * 100));
}

export type SidebarTrialNotice = { show: false } | { show: true; remainingDays: number; percent: number; expired: boolean };

/** R4.08 the sidebar notice for tier 0; expired ('Your premium features have expired') at zero days or below. */
export function sidebarTrialNotice(orga: SubscriptionOrga, now: Instant): SidebarTrialNotice {
  if (orga.tier !== 0) return { show: false };
  const days = remainingDays(subscriptionEnd(orga), now);
  return { show: true, remainingDays: days, percent: sidebarTrialPercent(days), expired: days <= 0 };
}

// spec §4 the subscription's states (R4.09, R1.24, R6.07).
export type SubscriptionState = 'free_trial' | 'expired_trial' | 'premium_active' | 'premium_expired';

export type SubscriptionFacts = SubscriptionOrga & {
  /** set once the organization first paid; a tier 0 organization with it has let its Premium lapse */
  subscribed_since?: Instant | null;
};

/**
 * Free trial until its end, then expired trial; paid (tier above 0) is Premium active; an
 * organization that paid once and is back at tier 0 past its paid period is Premium expired.
 */
export function subscriptionState(orga: SubscriptionFacts, now: Instant): SubscriptionState {
  if (orga.tier > 0) return 'premium_active';
  const everPaid = orga.subscribed_since !== null && orga.subscribed_since !== undefined;
  if (isActive(orga, now)) return everPaid ? 'premium_active' : 'free_trial';
  return everPaid ? 'premium_expired' : 'expired_trial';
}

/** Days a failed monthly payment may be retried before the subscription lapses back to tier 0. */
export const PAYMENT_GRACE_DAYS = 7;

/**
 * When the retries of an unpaid month end: the grace days after the paid period. A bank may answer a debit
 * days after the run (SEPA: up to 14 business days); when its refusal comes only after those grace days, the
 * salon gets the grace days again from that answer, once: a later refusal does not extend them again.
 * `refusalsAnsweredAt`: when the month's declined charges were answered.
 */
export function retriesEnd(paidThrough: Instant, refusalsAnsweredAt: readonly Instant[] = []): Date {
  const graceEnd = toEpochMs(paidThrough) + PAYMENT_GRACE_DAYS * MS_PER_DAY;
  const late = refusalsAnsweredAt.map(toEpochMs).filter((at) => at > graceEnd);
  return new Date(late.length ? Math.min(...late) + PAYMENT_GRACE_DAYS * MS_PER_DAY : graceEnd);
}

/** A paid organization whose retries have ended (`retriesEnd`) lapses (Premium expired). */
export function lapseDue(tier: number, paidThrough: Instant | null, now: Instant, refusalsAnsweredAt: readonly Instant[] = []): boolean {
  if (tier <= 0 || paidThrough === null) return false;
  return toEpochMs(now) > retriesEnd(paidThrough, refusalsAnsweredAt).getTime();
}

export type AccountAccess = 'ok' | 'subscribe' | 'ask_administrator';

/**
 * R4.09, R1.24, R6.07 an inactive organization is blocked until it subscribes: its administrators
 * (rank 1 or lower) are sent to subscribe, its employees told to ask their administrator.
 */
export function accountAccess(orga: SubscriptionFacts, orgaRank: number, now: Instant): AccountAccess {
  if (isActive(orga, now)) return 'ok';
  return orgaRank <= 1 ? 'subscribe' : 'ask_administrator';
}

/**
 * The subscription facts a membership carries (ISO timestamps from identity's mirror, ADR 0030);
 * `created_at` absent means an older membership answer that cannot be judged.
 */
export type MemberSubscriptionFacts = {
  tier: number;
  orga_rank: number;
  created_at?: string | undefined;
  subscribed_since?: string | null | undefined;
  subscribed_until?: string | null | undefined;
};

/**
 * R4.09, R1.24, R6.07 what a member of the organization may do now: 'ok', 'subscribe' (an
 * administrator of an expired trial or lapsed Premium: only the plan and payment) or
 * 'ask_administrator' (an employee: nothing until the organization subscribes). A membership
 * without the facts (older identity) is never blocked.
 */
export function memberSubscriptionAccess(member: MemberSubscriptionFacts, now: Instant): AccountAccess {
  if (member.created_at === undefined) return 'ok';
  const facts: SubscriptionFacts = {
    tier: member.tier,
    created_at: member.created_at,
    subscribed_until: member.subscribed_until ?? null,
    subscribed_since: member.subscribed_since ?? null,
  };
  return accountAccess(facts, member.orga_rank, now);
}

/**
 * Spec §4 (R4.08, R4.09) the notices of the frame: the free-trial banner at 1 to 6 remaining days,
 * the subscription-extension warning while the end is within the 14-day window (expiry state 1)
 * and the banner does not already say it, with the remaining days both show.
 */
export type SubscriptionNotices = { remainingDays: number; trialBanner: boolean; extensionWarning: boolean };

export function subscriptionNotices(orga: SubscriptionOrga, now: Instant): SubscriptionNotices {
  const days = remainingDays(subscriptionEnd(orga), now);
  const trialBanner = showTrialBanner(orga, now);
  return { remainingDays: days, trialBanner, extensionWarning: !trialBanner && expiryState(orga, now) === EXPIRY_STATES.expiringSoon };
}
