import fc from 'fast-check';
import {
  TRIAL_DAYS,
  expiryState,
  isTrialBannerDay,
  isActive,
  remainingDays,
  showTrialBanner,
  sidebarTrialNotice,
  sidebarTrialPercent,
  subscriptionEnd,
  trialEnd,
  type SubscriptionOrga,
} from './subscription';

const DAY = 86_400_000;
const created = Date.UTC(2026, 10, 1, 9, 0, 0);
const trial: SubscriptionOrga = { tier: 0, created_at: new Date(created).toISOString(), subscribed_until: null };

describe('subscription', () => {
  it('the trial lasts 15 days, plus extra days when granted', () => {
    expect(TRIAL_DAYS).toBe(15);
    expect(trialEnd(created).getTime()).toBe(created + 15 * DAY);
    expect(trialEnd(created, 7).getTime()).toBe(created + 22 * DAY);
    expect(subscriptionEnd(trial).getTime()).toBe(created + 15 * DAY);
    expect(subscriptionEnd({ ...trial, subscribed_until: created + 3 * DAY }).getTime()).toBe(created + 3 * DAY);
  });

  it('remaining days is the ceiling of the days left', () => {
    expect(remainingDays(created + 15 * DAY, created)).toBe(15);
    expect(remainingDays(created + 15 * DAY, created + 1)).toBe(15);
    expect(remainingDays(created + DAY, created + DAY - 1)).toBe(1);
    expect(remainingDays(created, created)).toBe(0);
    expect(Object.is(remainingDays(created, created + 1), 0)).toBe(true);
    expect(remainingDays(created, created + DAY + 1)).toBe(-1);
  });

  it('expiry state: paid -1, expired 0, within 14 days 1, else -1', () => {
    const until = created + 30 * DAY;
    const orga = { ...trial, subscribed_until: until };
    expect(expiryState({ ...orga, tier: 2 }, until + DAY)).toBe(-1);
    expect(expiryState(orga, until + 1)).toBe(0);
    expect(expiryState(orga, until)).toBe(0);
    expect(expiryState(orga, until - 14 * DAY)).toBe(1);
    expect(expiryState(orga, until - 14 * DAY - 1)).toBe(-1);
    // a fresh trial has 15 days left, more than the 14-day warning window
    expect(expiryState(trial, created)).toBe(-1);
    expect(expiryState(trial, created + 2 * DAY)).toBe(1);
  });

  it('active means paid or remaining days above 0', () => {
    expect(isActive(trial, created + 14 * DAY + 1)).toBe(true);
    expect(isActive(trial, created + 15 * DAY)).toBe(false);
    expect(isActive({ ...trial, tier: 1 }, created + 400 * DAY)).toBe(true);
  });

  it('the trial banner opens at 1 to 6 remaining days', () => {
    const at = (daysLeft: number) => created + 15 * DAY - daysLeft * DAY;
    expect(showTrialBanner(trial, at(7))).toBe(false);
    expect(showTrialBanner(trial, at(6))).toBe(true);
    expect(showTrialBanner(trial, at(1))).toBe(true);
    expect(showTrialBanner(trial, at(0))).toBe(false);
    expect(showTrialBanner({ ...trial, tier: 1 }, at(3))).toBe(false);
    expect([0, 1, 6, 7].map(isTrialBannerDay)).toEqual([false, true, true, false]);
  });

  it('the sidebar shows remaining days as a percentage of 30', () => {
    expect(sidebarTrialPercent(15)).toBe(50);
    expect(sidebarTrialPercent(30)).toBe(100);
    expect(sidebarTrialPercent(45)).toBe(100);
    expect(sidebarTrialPercent(-3)).toBe(0);
    expect(sidebarTrialNotice(trial, created)).toEqual({ show: true, remainingDays: 15, percent: 50, expired: false });
    expect(sidebarTrialNotice(trial, created + 15 * DAY)).toEqual({ show: true, remainingDays: 0, percent: 0, expired: true });
    expect(sidebarTrialNotice({ ...trial, tier: 3 }, created)).toEqual({ show: false });
  });

  it('property: tier 0 is active exactly when the state is not expired', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40 * DAY, max: 40 * DAY }), (offset) => {
        const now = created + 15 * DAY + offset;
        expect(isActive(trial, now)).toBe(expiryState(trial, now) !== 0);
        const percent = sidebarTrialPercent(remainingDays(subscriptionEnd(trial), now));
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});
