import fc from 'fast-check';
import {
  DEFAULT_PLAN_MONTHLY_MESSAGES,
  OVER_PLAN_FREE_MESSAGES,
  agreedMonthlyReminders,
  allocateMessages,
  applyAllocation,
  entitlementFor,
  quotaPeriodOf,
  quotaWarning,
  releaseMessages,
  startPeriod,
  trialMessagesUntil,
  type QuotaState,
} from './message-quota';

const NOW = new Date('2029-03-13T10:00:00Z');
const paid = (over: Partial<QuotaState> = {}): QuotaState => ({
  tier: 2,
  msg_left: 500,
  msg_entitled: 500,
  over_plan_free_left: OVER_PLAN_FREE_MESSAGES,
  over_plan_billed: 0,
  auto_msg: true,
  trial_messages_until: null,
  ...over,
});
const trial = (over: Partial<QuotaState> = {}): QuotaState => ({
  tier: 0,
  msg_left: 50,
  msg_entitled: 50,
  over_plan_free_left: 0,
  over_plan_billed: 0,
  auto_msg: true,
  trial_messages_until: trialMessagesUntil('2029-03-01T00:00:00Z'),
  ...over,
});

describe('message quota', () => {
  it('R8.09 a paid plan uses its monthly messages, then 10 free ones, then bills each at €0.20', () => {
    const state = paid({ msg_left: 3 });
    expect(allocateMessages(state, 20, NOW)).toEqual({ fromPlan: 3, fromFree: 10, billed: 7, granted: 20 });
    expect(allocateMessages({ ...state, auto_msg: false }, 20, NOW)).toEqual({ fromPlan: 3, fromFree: 10, billed: 0, granted: 13 });
  });

  it('R8.09 the trial has 50 free messages in its first 30 days and nothing after', () => {
    expect(allocateMessages(trial({ msg_left: 4 }), 10, NOW).granted).toBe(4);
    expect(allocateMessages(trial(), 10, new Date('2029-04-01T00:00:00Z')).granted).toBe(0);
    expect(entitlementFor(0, null)).toEqual({ monthly: 50, source: 'trial' });
    expect(entitlementFor(4, null)).toEqual({ monthly: DEFAULT_PLAN_MONTHLY_MESSAGES, source: 'tier_default' });
    expect(entitlementFor(3, 1000)).toEqual({ monthly: 1000, source: 'plan' });
  });

  it('R1.19 a Customized plan sends the monthly reminders an operator agreed; other tiers and limits without them keep the default', () => {
    expect(agreedMonthlyReminders(5, { monthly_reminders: 1200 })).toBe(1200);
    expect(agreedMonthlyReminders(5, { monthly_reminders: 0 })).toBe(0);
    expect(agreedMonthlyReminders(5, { tags: 3 })).toBeNull();
    expect(agreedMonthlyReminders(5, null)).toBeNull();
    expect(agreedMonthlyReminders(4, { monthly_reminders: 1200 })).toBeNull();
    expect(entitlementFor(5, agreedMonthlyReminders(5, { monthly_reminders: 1200 }))).toEqual({ monthly: 1200, source: 'plan' });
  });

  it("R1.20 R9.02 a paid tier without a plan row gets its plan's monthly reminders; the Free plan sends none, not even the 10 extras", () => {
    expect(entitlementFor(2, null)).toEqual({ monthly: 100, source: 'tier_default' });
    expect(entitlementFor(3, null)).toEqual({ monthly: 250, source: 'tier_default' });
    expect(entitlementFor(1, null)).toEqual({ monthly: 0, source: 'tier_default' });
    expect(allocateMessages(paid({ tier: 1, msg_left: 0, msg_entitled: 0 }), 5, NOW)).toEqual({
      fromPlan: 0,
      fromFree: 0,
      billed: 0,
      granted: 0,
    });
    expect(allocateMessages(paid({ tier: 2, msg_left: 0, msg_entitled: 100 }), 5, NOW).granted).toBe(5);
  });

  it('R8.09 warns under 10 left, at the plan limit and at the trial limit', () => {
    expect(quotaWarning(paid({ msg_left: 10 }), NOW)).toBeNull();
    expect(quotaWarning(paid({ msg_left: 9 }), NOW)).toBe('low');
    expect(quotaWarning(paid({ msg_left: 0 }), NOW)).toBe('plan_limit');
    expect(quotaWarning(trial({ msg_left: 9 }), NOW)).toBe('low');
    expect(quotaWarning(trial({ msg_left: 0 }), NOW)).toBe('trial_limit');
    expect(quotaWarning(trial(), new Date('2029-04-01T00:00:00Z'))).toBe('trial_limit');
  });

  it('a new month gives a paid plan its messages and free extras back; the trial keeps its count', () => {
    expect(startPeriod(paid({ msg_left: 0, over_plan_free_left: 0, over_plan_billed: 12 }), 500)).toMatchObject({
      msg_left: 500,
      over_plan_free_left: 10,
      over_plan_billed: 0,
    });
    expect(startPeriod(trial({ msg_left: 7 }), 50).msg_left).toBe(7);
    expect(quotaPeriodOf('2029-03-31T22:30:00Z', 'Europe/Rome')).toBe('2029-04');
    expect(quotaPeriodOf('2029-03-31T22:30:00Z', 'UTC')).toBe('2029-03');
  });

  it('never grants more than asked nor overspends, and release gives back exactly what was reserved', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 700 }),
        (left, free, autoMsg, tier, count) => {
          // the free extras are used only once the plan's messages are gone
          const state =
            tier === 0
              ? trial({ msg_left: Math.min(left, 50) })
              : paid({ tier, msg_left: left, over_plan_free_left: left > 0 ? OVER_PLAN_FREE_MESSAGES : free, auto_msg: autoMsg });
          const allocation = allocateMessages(state, count, NOW);
          expect(allocation.granted).toBeLessThanOrEqual(count);
          const after = applyAllocation(state, allocation);
          expect(after.msg_left).toBeGreaterThanOrEqual(0);
          expect(after.over_plan_free_left).toBeGreaterThanOrEqual(0);
          if (!autoMsg || tier === 0) expect(after.over_plan_billed).toBe(0);
          expect(releaseMessages(after, allocation.granted)).toEqual(state);
        },
      ),
    );
  });
});
