import type { MemberAccess } from '@pawline/contracts';
import { canUseStore } from './scheduling-access.service';

const STORE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function member(over: Partial<MemberAccess> = {}): MemberAccess {
  return {
    member: true,
    active: true,
    orga_rank: 3,
    employee_status: 1,
    store_overrides: {},
    store_ids: [STORE],
    min_ranks: { read_store: 3, write_store: 2, read_pets: 3, write_pets: 3 },
    tier: 1,
    ...over,
  };
}

describe('scheduling access (spec §6)', () => {
  it('reads and writes a store by the organization minimum ranks', () => {
    expect(canUseStore(member(), STORE, 'read')).toBe(true);
    expect(canUseStore(member(), STORE, 'write')).toBe(false);
    expect(canUseStore(member({ orga_rank: 2 }), STORE, 'write')).toBe(true);
  });

  it('never reaches a store identity does not list, nor as an inactive or former member', () => {
    expect(canUseStore(member({ orga_rank: 0 }), OTHER, 'read')).toBe(false);
    expect(canUseStore(member({ active: false }), STORE, 'read')).toBe(false);
    expect(canUseStore(member({ member: false }), STORE, 'read')).toBe(false);
  });

  it('uses the store override as the effective rank', () => {
    expect(canUseStore(member({ store_overrides: { [STORE]: 1 } }), STORE, 'write')).toBe(true);
  });
});
