import { MS_PER_DAY, toEpochMs, type Instant } from '../time/instant';

// spec §4 and §9 (R4.08, R4.09, R9.01).
export const TRIAL_DAYS = 15;
export const SIDEBAR_TRIAL_SCALE_DAYS = 30;
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

/** R4.08 remaining days as a percentage of 30, between 0 and 100. */
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
