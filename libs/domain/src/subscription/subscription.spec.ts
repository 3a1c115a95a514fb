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
  accountAccess,
  lapseDue,
  retriesEnd,
  memberSubscriptionAccess,
  subscriptionNotices,
  subscriptionState,
  type SubscriptionOrga,
} from './subscription';

const DAY = 86_400_000;
const created = Date.UTC(2026, 10, 1, 9, 0, 0);
const trial: SubscriptionOrga = { tier: 0, created_at: new Date(created).toISOString(), subscribed_until: null };

describe('subscription', () => {
  it('R9.01 the trial lasts 15 days, plus extra days when granted', () => {
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

  it('R9.01 expiry state: paid -1, expired 0, within 14 days 1, else -1', () => {
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

  it('R9.01 the trial banner opens at 1 to 6 remaining days', () => {
    const at = (daysLeft: number) => created + 15 * DAY - daysLeft * DAY;
    expect(showTrialBanner(trial, at(7))).toBe(false);
    expect(showTrialBanner(trial, at(6))).toBe(true);
    expect(showTrialBanner(trial, at(1))).toBe(true);
    expect(showTrialBanner(trial, at(0))).toBe(false);
    expect(showTrialBanner({ ...trial, tier: 1 }, at(3))).toBe(false);
    expect([0, 1, 6, 7].map(isTrialBannerDay)).toEqual([false, true, true, false]);
  });

  it("R9.01 issue 29 the sidebar shows remaining days as a percentage of the trial's 15: full on the first day", () => {
    expect(sidebarTrialPercent(15)).toBe(100);
    expect(sidebarTrialPercent(3)).toBe(20);
    expect(sidebarTrialPercent(45)).toBe(100);
    expect(sidebarTrialPercent(-3)).toBe(0);
    expect(sidebarTrialNotice(trial, created)).toEqual({ show: true, remainingDays: 15, percent: 100, expired: false });
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

describe('subscription states (spec §4)', () => {
  const createdOn = new Date('2026-11-01T10:00:00Z');
  const trialOrga = { tier: 0, created_at: createdOn, subscribed_until: new Date('2026-11-16T10:00:00Z'), subscribed_since: null };

  it('R4.09 free trial while days remain, expired trial after, blocking until subscribing', () => {
    expect(subscriptionState(trialOrga, new Date('2026-11-10T10:00:00Z'))).toBe('free_trial');
    expect(subscriptionState(trialOrga, new Date('2026-11-16T10:00:00Z'))).toBe('expired_trial');
    expect(accountAccess(trialOrga, 0, new Date('2026-11-20T00:00:00Z'))).toBe('subscribe');
    expect(accountAccess(trialOrga, 0, new Date('2026-11-10T00:00:00Z'))).toBe('ok');
  });

  it('employees of an inactive organization are told to ask their administrator (spec §6)', () => {
    const after = new Date('2026-11-20T00:00:00Z');
    expect(accountAccess(trialOrga, 1, after)).toBe('subscribe');
    expect(accountAccess(trialOrga, 3, after)).toBe('ask_administrator');
    expect(accountAccess({ ...trialOrga, tier: 4 }, 3, after)).toBe('ok');
  });

  it('R4.09 paid is Premium active; paid once and back at tier 0 past its period is Premium expired', () => {
    const now = new Date('2027-01-20T00:00:00Z');
    expect(subscriptionState({ ...trialOrga, tier: 4, subscribed_since: createdOn }, now)).toBe('premium_active');
    expect(subscriptionState({ ...trialOrga, subscribed_since: createdOn, subscribed_until: new Date('2027-01-01T00:00:00Z') }, now)).toBe(
      'premium_expired',
    );
    expect(accountAccess({ ...trialOrga, subscribed_since: createdOn, subscribed_until: new Date('2027-01-01T00:00:00Z') }, 4, now)).toBe(
      'ask_administrator',
    );
  });

  it('a failed monthly payment lapses after the grace days', () => {
    const paidThrough = new Date('2027-01-01T00:00:00Z');
    expect(lapseDue(4, paidThrough, new Date('2027-01-08T00:00:00Z'))).toBe(false);
    expect(lapseDue(4, paidThrough, new Date('2027-01-08T00:00:01Z'))).toBe(true);
    expect(lapseDue(0, paidThrough, new Date('2027-02-01T00:00:00Z'))).toBe(false);
  });

  it('a debit the bank refuses only after the grace days gets the grace days again from that answer, once', () => {
    const paidThrough = new Date('2027-01-01T00:00:00Z');
    // refused within the grace days (a card at the run, a quick bank): retries end as before, 8 January
    expect(retriesEnd(paidThrough, [new Date('2027-01-01T03:00:00Z'), new Date('2027-01-05T10:00:00Z')]).toISOString()).toBe(
      '2027-01-08T00:00:00.000Z',
    );
    // refused on the 12th, after the grace days: retried until the 19th, 10:00
    const late = new Date('2027-01-12T10:00:00Z');
    expect(retriesEnd(paidThrough, [new Date('2027-01-02T09:00:00Z'), late]).toISOString()).toBe('2027-01-19T10:00:00.000Z');
    expect(lapseDue(4, paidThrough, new Date('2027-01-13T00:00:00Z'), [late])).toBe(false);
    expect(lapseDue(4, paidThrough, new Date('2027-01-19T10:00:00Z'), [late])).toBe(false);
    expect(lapseDue(4, paidThrough, new Date('2027-01-19T10:00:01Z'), [late])).toBe(true);
    // the retry's debit refused on the 25th does not extend them again: the first late answer counts
    expect(retriesEnd(paidThrough, [new Date('2027-01-25T08:00:00Z'), late]).toISOString()).toBe('2027-01-19T10:00:00.000Z');
    expect(lapseDue(4, paidThrough, new Date('2027-01-26T00:00:00Z'), [late, new Date('2027-01-25T08:00:00Z')])).toBe(true);
    // a refusal exactly at the end of the grace days is not late
    expect(retriesEnd(paidThrough, [new Date('2027-01-08T00:00:00Z')]).toISOString()).toBe('2027-01-08T00:00:00.000Z');
    expect(lapseDue(0, paidThrough, new Date('2027-03-01T00:00:00Z'), [late])).toBe(false);
  });
});

describe('the block of an inactive organization, from the membership (ADR 0030)', () => {
  const createdAt = '2026-11-01T10:00:00.000Z';
  const trialUntil = '2026-11-16T10:00:00.000Z';
  const member = (orga_rank: number, more: Record<string, unknown> = {}) => ({
    tier: 0,
    orga_rank,
    created_at: createdAt,
    subscribed_since: null,
    subscribed_until: trialUntil,
    ...more,
  });

  it('R4.09 R6.07 R1.24 an expired trial sends administrators to subscribe and tells employees to ask their administrator', () => {
    const before = '2026-11-16T09:59:59.000Z';
    const after = '2026-11-16T10:00:00.000Z';
    for (const rank of [0, 1, 2, 3, 4]) expect(memberSubscriptionAccess(member(rank), before)).toBe('ok');
    expect(memberSubscriptionAccess(member(0), after)).toBe('subscribe');
    expect(memberSubscriptionAccess(member(1), after)).toBe('subscribe');
    expect(memberSubscriptionAccess(member(2), after)).toBe('ask_administrator');
    expect(memberSubscriptionAccess(member(4), after)).toBe('ask_administrator');
  });

  it('R4.09 R1.24 a paid tier is open; a Premium lapsed back to tier 0 past its paid period is blocked', () => {
    const later = '2027-03-01T00:00:00.000Z';
    expect(memberSubscriptionAccess(member(3, { tier: 4, subscribed_until: '2027-01-01T00:00:00.000Z' }), later)).toBe('ok');
    const lapsed = member(3, { subscribed_since: '2026-11-10T00:00:00.000Z', subscribed_until: '2027-01-01T00:00:00.000Z' });
    expect(memberSubscriptionAccess(lapsed, later)).toBe('ask_administrator');
    expect(memberSubscriptionAccess({ ...lapsed, orga_rank: 1 }, later)).toBe('subscribe');
  });

  it('a trial without subscribed_until ends 15 days after creation; a membership without the facts is never blocked', () => {
    expect(memberSubscriptionAccess(member(3, { subscribed_until: null }), '2026-11-16T09:00:00.000Z')).toBe('ok');
    expect(memberSubscriptionAccess(member(3, { subscribed_until: undefined }), '2026-11-16T11:00:00.000Z')).toBe('ask_administrator');
    expect(memberSubscriptionAccess({ tier: 0, orga_rank: 3 }, '2030-01-01T00:00:00.000Z')).toBe('ok');
  });

  it('R4.09 property: blocked exactly when the organization is not active; the kind only by rank', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -40 * DAY, max: 40 * DAY }),
        (tier, rank, offset) => {
          const now = Date.parse(trialUntil) + offset;
          const access = memberSubscriptionAccess(member(rank, { tier }), now);
          const active = isActive({ tier, created_at: createdAt, subscribed_until: trialUntil }, now);
          expect(access === 'ok').toBe(active);
          if (!active) expect(access).toBe(rank <= 1 ? 'subscribe' : 'ask_administrator');
        },
      ),
    );
  });
});

describe('the frame notices (spec §4)', () => {
  const until = Date.UTC(2026, 10, 16, 10, 0, 0);
  const orga = { tier: 0, created_at: Date.UTC(2026, 10, 1, 10, 0, 0), subscribed_until: until };
  const daysLeft = (days: number) => until - days * DAY + 1;

  it('R4.08 the trial banner at 1 to 6 days left; the extension warning in the rest of the 14-day window', () => {
    expect(subscriptionNotices(orga, daysLeft(15))).toEqual({ remainingDays: 15, trialBanner: false, extensionWarning: false });
    expect(subscriptionNotices(orga, daysLeft(14))).toEqual({ remainingDays: 14, trialBanner: false, extensionWarning: true });
    expect(subscriptionNotices(orga, daysLeft(7))).toEqual({ remainingDays: 7, trialBanner: false, extensionWarning: true });
    expect(subscriptionNotices(orga, daysLeft(6))).toEqual({ remainingDays: 6, trialBanner: true, extensionWarning: false });
    expect(subscriptionNotices(orga, daysLeft(1))).toEqual({ remainingDays: 1, trialBanner: true, extensionWarning: false });
    expect(subscriptionNotices(orga, until)).toEqual({ remainingDays: 0, trialBanner: false, extensionWarning: false });
    expect(subscriptionNotices({ ...orga, tier: 4 }, daysLeft(3))).toMatchObject({ trialBanner: false, extensionWarning: false });
  });
});
