import { effectiveRank } from '@pawline/domain';
import {
  canReachStore,
  canUseSharedLists,
  isAllowed,
  isRowVisible,
  storeFilterFor,
  type AccessNeed,
  type Membership,
} from './access-rules';

// the rules the gateway's route guards and every service's handlers share (spec §6)
const storeA = '00000000-0000-4000-8000-00000000000a';
const storeB = '00000000-0000-4000-8000-00000000000b';
const foreignStore = '00000000-0000-4000-8000-0000000000ff';
const ORGA = 'orga-1';

function membership(orgaRank: number, overrides: Record<string, number>, minRank: number, extra: Partial<Membership> = {}): Membership {
  return {
    member: true,
    active: true,
    orga_rank: orgaRank,
    employee_status: 1,
    store_overrides: overrides,
    store_ids: [storeA, storeB],
    min_ranks: { read_store: minRank, write_store: minRank, read_pets: minRank, write_pets: minRank },
    share_pets: false,
    ...extra,
  };
}

const ranks = [0, 1, 2, 3, 4];
const overrideCases: { name: string; overrides: (rank: number) => Record<string, number> }[] = [
  { name: 'no overrides', overrides: () => ({}) },
  { name: 'override on store A with rank 0', overrides: () => ({ [storeA]: 0 }) },
  { name: 'override on store A with rank 4', overrides: () => ({ [storeA]: 4 }) },
];

describe('access rules', () => {
  it('R6.01 effective rank in a store is its override, else the organization rank', () => {
    for (const rank of ranks) {
      expect(effectiveRank(membership(rank, {}, 4), storeA)).toBe(rank);
      expect(effectiveRank(membership(rank, { [storeA]: 2 }, 4), storeA)).toBe(2);
      expect(effectiveRank(membership(rank, { [storeA]: 2 }, 4), storeB)).toBe(rank);
      // the guard follows the effective rank: a worker with a store-A override of 1 administers store A only
      expect(isAllowed(membership(rank, { [storeA]: 1 }, 4), 'store_admin', storeA)).toBe(true);
    }
  });

  it('R6.02 organization admin means organization rank 1 or lower; store admin uses the effective store rank', () => {
    for (const rank of ranks) {
      expect(isAllowed(membership(rank, {}, 4), 'orga_admin', null)).toBe(rank <= 1);
      expect(isAllowed(membership(rank, {}, 4), 'store_admin', storeA)).toBe(rank <= 1);
      expect(isAllowed(membership(rank, { [storeA]: 1 }, 4), 'store_admin', storeA)).toBe(true);
      expect(isAllowed(membership(rank, { [storeA]: 1 }, 4), 'orga_admin', null)).toBe(rank <= 1);
    }
  });

  it('R6.03 store read, store write, pet read and pet write need an effective rank at most the organization minimum', () => {
    const needs: { need: AccessNeed; key: keyof Membership['min_ranks'] }[] = [
      { need: 'store_read', key: 'read_store' },
      { need: 'store_write', key: 'write_store' },
      { need: 'pet_read', key: 'read_pets' },
      { need: 'pet_write', key: 'write_pets' },
    ];
    let checked = 0;
    for (const { need, key } of needs) {
      for (const rank of ranks) {
        for (const minRank of ranks) {
          for (const { overrides } of overrideCases) {
            const m = membership(rank, overrides(rank), 4);
            m.min_ranks = { ...m.min_ranks, [key]: minRank };
            const effective = m.store_overrides[storeA] ?? rank;
            expect(isAllowed(m, need, storeA)).toBe(effective <= minRank);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(4 * 5 * 5 * 3);
  });

  it('R6.03 each action reads its own minimum', () => {
    const m = membership(2, {}, 4, { min_ranks: { read_store: 2, write_store: 1, read_pets: 3, write_pets: 0 } });
    expect(isAllowed(m, 'store_read', storeA)).toBe(true);
    expect(isAllowed(m, 'store_write', storeA)).toBe(false);
    expect(isAllowed(m, 'pet_read', storeA)).toBe(true);
    expect(isAllowed(m, 'pet_write', storeA)).toBe(false);
  });

  it('R6.01 R6.03 pet access without a store (tags) is judged by the organization rank, store overrides aside', () => {
    expect(isAllowed(membership(3, {}, 3), 'pet_write', null)).toBe(true);
    expect(isAllowed(membership(4, {}, 3), 'pet_write', null)).toBe(false);
    // a worker2 promoted in store A writes pets there, but organization-wide pet things (tags) follow their organization rank
    expect(isAllowed(membership(4, { [storeA]: 2 }, 3, { store_ids: [storeA] }), 'pet_write', null)).toBe(false);
    // an administrator lowered to worker2 in their only store keeps the tags
    expect(isAllowed(membership(1, { [storeA]: 4 }, 3, { store_ids: [storeA] }), 'pet_write', null)).toBe(true);
  });

  it('R6.04 a user with store overrides reaches only those stores; without overrides employee_status 1 gives general access', () => {
    for (const rank of ranks) {
      const restricted = membership(rank, { [storeA]: rank }, 4);
      expect(canReachStore(restricted, storeA)).toBe(true);
      expect(canReachStore(restricted, storeB)).toBe(false);
      expect(isAllowed(restricted, 'store_read', storeB)).toBe(false);
      expect(isAllowed(restricted, 'pet_read', storeB)).toBe(false);
      expect(canReachStore(membership(rank, {}, 4), storeB)).toBe(true);
      // without general access (employee_status 0) only administrators reach the stores
      expect(canReachStore(membership(rank, {}, 4, { employee_status: 0 }), storeB)).toBe(rank <= 1);
      // a store of another organization is never reached, whatever the rank
      expect(isAllowed(membership(rank, {}, 4), 'store_read', foreignStore)).toBe(false);
      expect(isAllowed(membership(rank, {}, 4), 'pet_write', foreignStore)).toBe(false);
    }
  });

  it('R6.05 a non-member or inactive member fails every guard', () => {
    const needs: AccessNeed[] = ['member', 'orga_admin', 'store_admin', 'store_read', 'store_write', 'pet_read', 'pet_write'];
    for (const need of needs) {
      for (const rank of ranks) {
        const store = need === 'member' || need === 'orga_admin' ? null : storeA;
        expect(isAllowed(membership(rank, {}, 4, { member: false }), need, store)).toBe(false);
        expect(isAllowed(membership(rank, {}, 4, { active: false }), need, store)).toBe(false);
        expect(isAllowed(membership(rank, {}, 4), need, store)).toBe(need === 'orga_admin' || need === 'store_admin' ? rank <= 1 : true);
      }
    }
  });

  it("R6.08 without share_pets a store sees only its own rows; with it the organization's", () => {
    expect(storeFilterFor({ share_pets: false }, storeA)).toBe(storeA);
    expect(storeFilterFor({ share_pets: true }, storeA)).toBeNull();
    const row = { orga_id: ORGA, store_id: storeB };
    expect(isRowVisible(row, ORGA, storeA)).toBe(false);
    expect(isRowVisible(row, ORGA, storeB)).toBe(true);
    expect(isRowVisible(row, ORGA, null)).toBe(true);
    expect(isRowVisible(row, 'orga-2', null)).toBe(false);
  });

  it('R6.08 the shared lists exist only with share_pets, for a member who may use pets in one of their stores', () => {
    expect(canUseSharedLists(membership(3, {}, 4, { share_pets: true }), 'pet_read')).toBe(true);
    expect(canUseSharedLists(membership(3, {}, 4, { share_pets: false }), 'pet_read')).toBe(false);
    expect(canUseSharedLists(membership(3, {}, 4, { share_pets: true, store_ids: [] }), 'pet_read')).toBe(false);
    expect(canUseSharedLists(membership(4, {}, 3, { share_pets: true }), 'pet_write')).toBe(false);
  });
});
