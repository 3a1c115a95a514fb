import type { MemberAccess } from '@pawline/contracts';
import { mapError } from '../http/api-error';
import type { RpcCaller } from '../http/rpc-caller';
import { AccessGuard } from './access.guard';
import { MembershipCache } from './membership-cache';

const orgaId = '0b7c1b54-8c49-4f0e-9d1e-6a1d3c2a0001';
const storeId = '0b7c1b54-8c49-4f0e-9d1e-6a1d3c2a0002';
const auth = { userId: '0b7c1b54-8c49-4f0e-9d1e-6a1d3c2a0003', sessionId: 's1', deviceId: null };

// a trial that ended on 16 November at 10:00
const membership = (orga_rank: number, more: Partial<MemberAccess> = {}): MemberAccess => ({
  member: true,
  active: true,
  orga_rank,
  employee_status: 1,
  store_overrides: {},
  store_ids: [storeId],
  min_ranks: { read_store: 4, write_store: 4, read_pets: 4, write_pets: 4 },
  tier: 0,
  share_pets: false,
  store_time_zones: { [storeId]: 'Europe/Rome' },
  created_at: '2026-11-01T10:00:00.000Z',
  subscribed_since: null,
  subscribed_until: '2026-11-16T10:00:00.000Z',
  ...more,
});

function guardAnswering(answer: MemberAccess): AccessGuard {
  const rpc: RpcCaller = { call: () => Promise.resolve(answer as never) };
  return new AccessGuard(rpc, new MembershipCache());
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return mapError(error, 'en');
  }
  throw new Error('not refused');
}

describe('the gateway guard blocks an inactive organization (ADR 0030)', () => {
  const during = { now: new Date('2026-11-16T09:59:00.000Z') };
  const after = { now: new Date('2026-11-16T10:00:00.000Z') };

  it('R4.09 lets every member through while the trial runs', async () => {
    for (const rank of [0, 1, 3]) {
      const checked = await guardAnswering(membership(rank)).check(auth, 'store_read', orgaId, storeId, during);
      expect(checked).toMatchObject({ user_id: auth.userId, orga_id: orgaId, orga_rank: rank });
    }
  });

  it('R4.09 refuses an administrator of an expired trial with 402 subscription_inactive, access "subscribe"', async () => {
    const mapped = await refusal(guardAnswering(membership(1)).check(auth, 'store_read', orgaId, storeId, after));
    expect(mapped).toMatchObject({ status: 402, body: { code: 'subscription_inactive', access: 'subscribe' } });
  });

  it('R6.07 R1.24 refuses an employee with the text that sends them to their administrator', async () => {
    const mapped = await refusal(guardAnswering(membership(3)).check(auth, 'store_read', orgaId, storeId, after));
    expect(mapped).toMatchObject({
      status: 402,
      body: {
        code: 'subscription_inactive',
        access: 'ask_administrator',
        message: 'Your premium features have expired. Please ask your shop administrator to buy the premium package.',
      },
    });
  });

  it('keeps the routes open whileInactive (organization, plan, subscription, payment) for the members the guard allows', async () => {
    await expect(
      guardAnswering(membership(1)).check(auth, 'orga_admin', orgaId, null, { ...after, whileInactive: true }),
    ).resolves.toMatchObject({
      orga_id: orgaId,
    });
    await expect(
      guardAnswering(membership(3)).check(auth, 'member', orgaId, null, { ...after, whileInactive: true }),
    ).resolves.toMatchObject({
      orga_rank: 3,
    });
    // whileInactive does not widen the spec §6 guard
    const mapped = await refusal(guardAnswering(membership(3)).check(auth, 'orga_admin', orgaId, null, { ...after, whileInactive: true }));
    expect(mapped.status).toBe(403);
  });

  it('R4.09 a paid tier is never blocked; a lapsed Premium (tier 0 again, subscribed_since kept) is', async () => {
    const paid = membership(3, { tier: 4, subscribed_since: '2026-11-10T00:00:00.000Z', subscribed_until: '2027-01-01T00:00:00.000Z' });
    await expect(
      guardAnswering(paid).check(auth, 'store_read', orgaId, storeId, { now: new Date('2027-01-05T00:00:00Z') }),
    ).resolves.toBeTruthy();
    const lapsed = { ...paid, tier: 0 };
    const mapped = await refusal(
      guardAnswering(lapsed).check(auth, 'store_read', orgaId, storeId, { now: new Date('2027-01-09T00:00:00Z') }),
    );
    expect(mapped).toMatchObject({ status: 402, body: { access: 'ask_administrator' } });
  });

  it('a membership of an older identity without the dates is not blocked; the spec §6 refusal comes first', async () => {
    const { created_at: _c, subscribed_since: _s, subscribed_until: _u, ...older } = membership(3);
    await expect(guardAnswering(older).check(auth, 'store_read', orgaId, storeId, after)).resolves.toBeTruthy();
    const outsider = membership(3, { member: false, active: false, store_ids: [] });
    expect((await refusal(guardAnswering(outsider).check(auth, 'store_read', orgaId, storeId, after))).status).toBe(403);
  });
});
