import { DAY, salon, until } from './subscription-fixtures';
import { reachableWhileBlocked, subscriptionStanding } from './subscription-standing';

describe('where the salon stands (spec §4)', () => {
  it('R4.08 R4.09 R9.01 counts the trial down from the organization identity mirrors', () => {
    const standing = subscriptionStanding(salon(), 'lia', new Date(until - 3 * DAY));
    expect(standing).toMatchObject({ orgaId: 'o1', access: 'ok', state: 'free_trial', admin: false });
    expect(standing.notices).toEqual({ remainingDays: 3, trialBanner: true, extensionWarning: false });
    expect(standing.sidebar).toEqual({ show: true, remainingDays: 3, percent: 20, expired: false });
  });

  it('R4.09 R6.07 an expired trial: administrators subscribe, employees ask their administrator, nobody unknown is an administrator', () => {
    const after = new Date(until + 1);
    expect(subscriptionStanding(salon(), 'owner', after)).toMatchObject({ access: 'subscribe', state: 'expired_trial', admin: true });
    expect(subscriptionStanding(salon(), 'admin', after)).toMatchObject({ access: 'subscribe', admin: true });
    expect(subscriptionStanding(salon(), 'lia', after)).toMatchObject({ access: 'ask_administrator', admin: false });
    expect(subscriptionStanding(salon(), 'stranger', after)).toMatchObject({ access: 'ask_administrator', admin: false });
    const lapsed = salon({ subscribed_since: '2026-10-01T00:00:00.000Z' });
    expect(subscriptionStanding(lapsed, 'lia', after)).toMatchObject({ access: 'ask_administrator', state: 'premium_expired' });
    expect(subscriptionStanding(salon({ tier: 4 }), 'lia', after)).toMatchObject({ access: 'ok', state: 'premium_active' });
  });

  it('R4.09 while blocked: administrators reach Subscribe and Update plan, everyone help, nothing else', () => {
    expect(reachableWhileBlocked('/o1/store/s1', 'o1', 'ok')).toBe(true);
    for (const path of ['/o1/payment', '/o1/payment/', '/o1/adminV2/plan', '/qa'])
      expect(reachableWhileBlocked(path, 'o1', 'subscribe')).toBe(true);
    for (const path of ['/o1/store/s1', '/o1', '/o1/settings', '/o1/paymentx', '/o2/payment', '/user'])
      expect(reachableWhileBlocked(path, 'o1', 'subscribe')).toBe(false);
    expect(reachableWhileBlocked('/o1/payment', 'o1', 'ask_administrator')).toBe(false);
    expect(reachableWhileBlocked('/qa', 'o1', 'ask_administrator')).toBe(true);
  });
});
