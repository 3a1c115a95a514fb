import { canUseOrga, canUsePetsInStore, canUseSharedLists, isRowVisible, storeFilterFor, type CrmMembership } from './crm-permissions';

const ORGA = 'orga-1';
const STORE_A = 'store-a';
const STORE_B = 'store-b';

function member(overrides: Partial<CrmMembership> = {}): CrmMembership {
  return {
    member: true,
    active: true,
    orga_rank: 3,
    employee_status: 1,
    store_overrides: {},
    store_ids: [STORE_A, STORE_B],
    min_ranks: { read_store: 4, write_store: 3, read_pets: 4, write_pets: 3 },
    tier: 1,
    share_pets: false,
    ...overrides,
  };
}

describe('crm permissions', () => {
  it("R6.08 without share_pets a store sees only its own rows; with it the organization's", () => {
    expect(storeFilterFor({ share_pets: false }, STORE_A)).toBe(STORE_A);
    expect(storeFilterFor({ share_pets: true }, STORE_A)).toBeNull();
    const row = { orga_id: ORGA, store_id: STORE_B };
    expect(isRowVisible(row, ORGA, STORE_A)).toBe(false);
    expect(isRowVisible(row, ORGA, STORE_B)).toBe(true);
    expect(isRowVisible(row, ORGA, null)).toBe(true);
    expect(isRowVisible(row, 'orga-2', null)).toBe(false);
  });

  it('R1.11 the shared lists exist only with share_pets', () => {
    expect(canUseSharedLists(member({ share_pets: true }), 'read')).toBe(true);
    expect(canUseSharedLists(member({ share_pets: false }), 'read')).toBe(false);
    expect(canUseSharedLists(member({ share_pets: true, store_ids: [] }), 'read')).toBe(false);
  });

  it("R6.03 reading and writing pets needs a rank at most the organization's minimum", () => {
    expect(canUsePetsInStore(member({ orga_rank: 3 }), STORE_A, 'write')).toBe(true);
    expect(canUsePetsInStore(member({ orga_rank: 4 }), STORE_A, 'write')).toBe(false);
    expect(canUsePetsInStore(member({ orga_rank: 4 }), STORE_A, 'read')).toBe(true);
    expect(
      canUsePetsInStore(
        member({ orga_rank: 4, min_ranks: { read_store: 4, write_store: 3, read_pets: 3, write_pets: 2 } }),
        STORE_A,
        'read',
      ),
    ).toBe(false);
    // a store override decides in that store
    expect(canUsePetsInStore(member({ orga_rank: 4, store_overrides: { [STORE_A]: 2 }, store_ids: [STORE_A] }), STORE_A, 'write')).toBe(
      true,
    );
  });

  it('R6.04 a store the member does not reach, an inactive member or a stranger gets nothing', () => {
    expect(canUsePetsInStore(member({ store_ids: [STORE_A] }), STORE_B, 'read')).toBe(false);
    expect(canUsePetsInStore(member({ active: false }), STORE_A, 'read')).toBe(false);
    expect(canUsePetsInStore(member({ member: false }), STORE_A, 'read')).toBe(false);
    expect(canUseOrga(member({ member: false }), 'member')).toBe(false);
  });

  it('tags need pet write access; external services and settings an organization admin', () => {
    expect(canUseOrga(member({ orga_rank: 3 }), 'pet_write')).toBe(true);
    expect(canUseOrga(member({ orga_rank: 4 }), 'pet_write')).toBe(false);
    // tags belong to no store: a store override neither lowers nor raises the organization rank for them
    expect(canUseOrga(member({ orga_rank: 1, store_overrides: { [STORE_A]: 4 }, store_ids: [STORE_A] }), 'pet_write')).toBe(true);
    expect(canUseOrga(member({ orga_rank: 4, store_overrides: { [STORE_A]: 1 }, store_ids: [STORE_A] }), 'pet_write')).toBe(false);
    expect(canUseOrga(member({ orga_rank: 1 }), 'orga_admin')).toBe(true);
    expect(canUseOrga(member({ orga_rank: 2 }), 'orga_admin')).toBe(false);
  });
});
