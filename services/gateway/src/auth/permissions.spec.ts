import { effectiveRank } from '@pawline/domain';
import { canReachStore, isAllowed, type Membership, type OrgaAccess } from './permissions';

const storeA = '00000000-0000-4000-8000-00000000000a';
const storeB = '00000000-0000-4000-8000-00000000000b';
const foreignStore = '00000000-0000-4000-8000-0000000000ff';

function membership(orgaRank: number, overrides: Record<string, number>, minRank: number, extra: Partial<Membership> = {}): Membership {
  return {
    member: true,
    active: true,
    orga_rank: orgaRank,
    employee_status: 1,
    store_overrides: overrides,
    store_ids: [storeA, storeB],
    min_ranks: { read_store: minRank, write_store: minRank, read_pets: minRank, write_pets: minRank },
    ...extra,
  };
}

const ranks = [0, 1, 2, 3, 4];
const overrideCases: { name: string; overrides: (rank: number) => Record<string, number> }[] = [
  { name: 'no overrides', overrides: () => ({}) },
  { name: 'override on store A with rank 0', overrides: () => ({ [storeA]: 0 }) },
  { name: 'override on store A with rank 4', overrides: () => ({ [storeA]: 4 }) },
];

describe('permissions', () => {
  it('R6.01 effective rank in a store is its override, else the organization rank', () => {
    for (const rank of ranks) {
      expect(effectiveRank(membership(rank, {}, 4), storeA)).toBe(rank);
      expect(effectiveRank(membership(rank, { [storeA]: 2 }, 4), storeA)).toBe(2);
      expect(effectiveRank(membership(rank, { [storeA]: 2 }, 4), storeB)).toBe(rank);
      expect(effectiveRank(membership(rank, { [storeA]: 2 }, 4))).toBe(rank);
      // the guard follows the effective rank: a worker with a store-A override of 1 administers store A only
      expect(isAllowed(membership(rank, { [storeA]: 1 }, 4), 'store_admin', storeA)).toBe(true);
    }
  });

  it('R6.02 organization admin means organization rank 1 or lower; store admin uses the effective store rank', () => {
    for (const rank of ranks) {
      expect(isAllowed(membership(rank, {}, 4), 'orga_admin', null)).toBe(rank <= 1);
      expect(isAllowed(membership(rank, {}, 4), 'store_admin', storeA)).toBe(rank <= 1);
      // a worker promoted to admin of store A only
      expect(isAllowed(membership(rank, { [storeA]: 1 }, 4), 'store_admin', storeA)).toBe(true);
      expect(isAllowed(membership(rank, { [storeA]: 1 }, 4), 'orga_admin', null)).toBe(rank <= 1);
    }
  });

  it('R6.03 store read, store write and pet write need an effective rank at most the organization minimum', () => {
    const guards: { access: OrgaAccess; key: keyof Membership['min_ranks'] }[] = [
      { access: 'store_read', key: 'read_store' },
      { access: 'store_write', key: 'write_store' },
      { access: 'pet_write', key: 'write_pets' },
    ];
    let checked = 0;
    for (const { access, key } of guards) {
      for (const rank of ranks) {
        for (const minRank of ranks) {
          for (const { overrides } of overrideCases) {
            const m = membership(rank, overrides(rank), 4);
            m.min_ranks = { ...m.min_ranks, [key]: minRank };
            const effective = m.store_overrides[storeA] ?? rank;
            expect(isAllowed(m, access, storeA)).toBe(effective <= minRank);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(3 * 5 * 5 * 3);
  });

  it('R6.04 a user with store overrides reaches only those stores; without overrides employee_status 1 gives general access', () => {
    for (const rank of ranks) {
      const restricted = membership(rank, { [storeA]: rank }, 4);
      expect(canReachStore(restricted, storeA)).toBe(true);
      expect(canReachStore(restricted, storeB)).toBe(false);
      expect(isAllowed(restricted, 'store_read', storeB)).toBe(false);
      expect(canReachStore(membership(rank, {}, 4), storeB)).toBe(true);
      // without general access (employee_status 0) only administrators reach the stores
      expect(canReachStore(membership(rank, {}, 4, { employee_status: 0 }), storeB)).toBe(rank <= 1);
      // a store of another organization is never reached, whatever the rank
      expect(isAllowed(membership(rank, {}, 4), 'store_read', foreignStore)).toBe(false);
    }
  });

  it('R6.05 a non-member or inactive member fails every guard', () => {
    const accesses: OrgaAccess[] = ['member', 'orga_admin', 'store_admin', 'store_read', 'store_write', 'pet_write'];
    for (const access of accesses) {
      for (const rank of ranks) {
        const store = access === 'member' || access === 'orga_admin' ? null : storeA;
        expect(isAllowed(membership(rank, {}, 4, { member: false }), access, store)).toBe(false);
        expect(isAllowed(membership(rank, {}, 4, { active: false }), access, store)).toBe(false);
        expect(isAllowed(membership(rank, {}, 4), access, store)).toBe(
          access === 'orga_admin' || access === 'store_admin' ? rank <= 1 : true,
        );
      }
    }
  });
});
