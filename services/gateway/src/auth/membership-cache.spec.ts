import type { MemberAccess } from '@pawline/contracts';
import { MembershipCache } from './membership-cache';

const access: MemberAccess = {
  member: true,
  active: true,
  orga_rank: 0,
  employee_status: 1,
  store_overrides: {},
  store_ids: [],
  min_ranks: { read_store: 4, write_store: 4, read_pets: 4, write_pets: 4 },
  tier: 0,
  share_pets: false,
  store_time_zones: {},
};

describe('membership cache', () => {
  it('keeps an answer 5 seconds', () => {
    let now = 0;
    const cache = new MembershipCache(() => now);
    cache.set('u1', 'o1', access);
    now = 4_999;
    expect(cache.get('u1', 'o1')).toBe(access);
    now = 5_000;
    expect(cache.get('u1', 'o1')).toBeUndefined();
  });

  it('drops the answers of an organization (member/orga events) or of a user (revocation)', () => {
    const cache = new MembershipCache();
    cache.set('u1', 'o1', access);
    cache.set('u2', 'o1', access);
    cache.set('u1', 'o2', access);
    cache.dropOrganization('o1');
    expect([cache.get('u1', 'o1'), cache.get('u2', 'o1'), cache.get('u1', 'o2')]).toEqual([undefined, undefined, access]);
    cache.dropUser('u1');
    expect(cache.get('u1', 'o2')).toBeUndefined();
  });

  it('does not keep an answer fetched while a drop happened (it may predate the change)', () => {
    const cache = new MembershipCache();
    const before = cache.generation;
    cache.dropOrganization('o1');
    cache.set('u1', 'o1', access, before);
    expect(cache.get('u1', 'o1')).toBeUndefined();
    cache.set('u1', 'o1', access, cache.generation);
    expect(cache.get('u1', 'o1')).toBe(access);
  });
});
