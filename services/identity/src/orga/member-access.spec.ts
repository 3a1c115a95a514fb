import { RANK, effectiveRank, reachableStoreIds } from './member-access';
import { defaultTimeZone } from './time-zone';
import { FREE_TRIAL_DAYS, isPromoCodeUsable, trialEndsAt } from './trial';

describe('ranks and store reach', () => {
  it('R6.01 names the ranks owner 0 to worker2 4', () => {
    expect(RANK).toEqual({ owner: 0, admin: 1, moderator: 2, worker: 3, worker2: 4 });
  });

  it('R6.01 uses the store override as effective rank, else the organization rank', () => {
    expect(effectiveRank(3, { s1: 1 }, 's1')).toBe(1);
    expect(effectiveRank(3, { s1: 1 }, 's2')).toBe(3);
    expect(effectiveRank(2, { s1: 0 }, 's1')).toBe(0);
  });

  it('R6.04 limits a user with store overrides to those stores', () => {
    expect(reachableStoreIds({ orgaRank: 3, employeeStatus: 1, storeOverrides: { s2: 3 } }, ['s1', 's2'])).toEqual(['s2']);
  });

  it('R6.04 gives a regular employee without overrides every store, others none', () => {
    expect(reachableStoreIds({ orgaRank: 3, employeeStatus: 1, storeOverrides: {} }, ['s1', 's2'])).toEqual(['s1', 's2']);
    expect(reachableStoreIds({ orgaRank: 3, employeeStatus: 2, storeOverrides: {} }, ['s1', 's2'])).toEqual([]);
    expect(reachableStoreIds({ orgaRank: 0, employeeStatus: 2, storeOverrides: { s1: 0 } }, ['s1', 's2'])).toEqual(['s1', 's2']);
  });
});

describe('free trial and time zones', () => {
  it('R1.02 runs the free trial 15 days from creation, plus promo days (R1.13)', () => {
    const created = new Date('2026-11-22T10:00:00.000Z');
    expect(FREE_TRIAL_DAYS).toBe(15);
    expect(trialEndsAt(created).toISOString()).toBe('2026-12-07T10:00:00.000Z');
    expect(trialEndsAt(created, 10).toISOString()).toBe('2026-12-17T10:00:00.000Z');
  });

  it('R1.13 accepts a promo code without expiry or expiring later, rejects an expired one', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(isPromoCodeUsable({ expiresAt: null }, now)).toBe(true);
    expect(isPromoCodeUsable({ expiresAt: new Date('2026-11-23T00:00:00.000Z') }, now)).toBe(true);
    expect(isPromoCodeUsable({ expiresAt: new Date('2026-11-22T09:59:59.000Z') }, now)).toBe(false);
  });

  it('gives each registration country its IANA zone', () => {
    expect(['GB', 'IT', 'DE', 'FR', 'ES', 'CH'].map(defaultTimeZone)).toEqual([
      'Europe/London',
      'Europe/Rome',
      'Europe/Berlin',
      'Europe/Paris',
      'Europe/Madrid',
      'Europe/Zurich',
    ]);
  });
});
