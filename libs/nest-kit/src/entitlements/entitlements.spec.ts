import { RpcError } from '../rpc/rpc-error';
import { planHistoryStart, requirePlanFeature, requirePlanQuota } from './entitlements';

const failure = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as RpcError).toFailure();
  }
};

describe('entitlements', () => {
  it('R1.20 refuses a premium feature outside the plan with plan_required (402), allows it in Premium and the trial', () => {
    expect(failure(() => requirePlanFeature({ tier: 1 }, 'online_booking'))).toEqual({
      code: 'plan_required',
      status: 402,
      params: { feature: 'online_booking' },
    });
    expect(failure(() => requirePlanFeature({ tier: 2 }, 'salon_statistics'))).toMatchObject({ code: 'plan_required' });
    expect(failure(() => requirePlanFeature({ tier: 4 }, 'online_booking'))).toBeNull();
    expect(failure(() => requirePlanFeature({ tier: 0 }, 'customer_statistics'))).toBeNull();
  });

  it('R1.20 refuses one more user or store than the plan has; Premium has more users and collaborators', () => {
    expect(failure(() => requirePlanQuota({ tier: 1 }, 'users', 1))).toEqual({
      code: 'plan_required',
      status: 402,
      params: { quota: 'users', limit: 1 },
    });
    expect(failure(() => requirePlanQuota({ tier: 2 }, 'users', 1))).toBeNull();
    expect(failure(() => requirePlanQuota({ tier: 4 }, 'users', 200))).toBeNull();
    expect(failure(() => requirePlanQuota({ tier: 1 }, 'stores', 1))).toMatchObject({ params: { quota: 'stores', limit: 1 } });
    // R9.02 a paid plan adds stores at €10.00 a month each
    expect(failure(() => requirePlanQuota({ tier: 4 }, 'stores', 3))).toBeNull();
  });
});

describe('entitlements of the Customized plan (ADR 0031)', () => {
  it('R1.19 uses the limits an operator agreed for the organization instead of the tier defaults', () => {
    expect(failure(() => requirePlanQuota({ tier: 5, plan_limits: { users: 3 } }, 'users', 3))).toEqual({
      code: 'plan_required',
      status: 402,
      params: { quota: 'users', limit: 3 },
    });
    expect(failure(() => requirePlanQuota({ tier: 5, plan_limits: { users: 3 } }, 'users', 2))).toBeNull();
    expect(failure(() => requirePlanQuota({ tier: 5, plan_limits: null }, 'users', 500))).toBeNull();
    // only tier 5 carries them
    expect(failure(() => requirePlanQuota({ tier: 1, plan_limits: { users: 10 } }, 'users', 1))).toMatchObject({ code: 'plan_required' });
  });

  it('R1.20 a plan without full history reads past appointments of its window only', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(planHistoryStart({ tier: 2 }, now)?.toISOString()).toBe('2026-08-26T00:00:00.000Z');
    expect(planHistoryStart({ tier: 4 }, now)).toBeNull();
  });
});
