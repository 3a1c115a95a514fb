import { isAllowed } from '@pawline/nest-kit';
import { apiKeyMember } from './api-key-member';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';
const minRanks = { read_store: 3, write_store: 3, read_pets: 3, write_pets: 3 };
const membership = (storeLimit: string[] | null) => ({
  member: true,
  active: true,
  ...apiKeyMember([S1, S2], storeLimit),
  min_ranks: minRanks,
  share_pets: false,
});

describe('the member an API key acts as (issue 33)', () => {
  it('a key of every store is an administrator of every store, today and tomorrow', () => {
    expect(apiKeyMember([S1, S2], null)).toEqual({ orga_rank: 1, employee_status: 1, store_overrides: {}, store_ids: [S1, S2] });
    const m = membership(null);
    for (const store of [S1, S2]) {
      expect(isAllowed(m, 'store_write', store)).toBe(true);
      expect(isAllowed(m, 'store_admin', store)).toBe(true);
    }
  });

  it('a store-limited key reaches only its stores, as their administrator, and no organization-wide administration', () => {
    expect(apiKeyMember([S1, S2], [S1, GONE])).toEqual({ orga_rank: 2, employee_status: 0, store_overrides: { [S1]: 1 }, store_ids: [S1] });
    const m = membership([S1]);
    expect(isAllowed(m, 'store_read', S1)).toBe(true);
    expect(isAllowed(m, 'store_admin', S1)).toBe(true);
    expect(isAllowed(m, 'store_read', S2)).toBe(false);
    expect(isAllowed(m, 'store_write', S2)).toBe(false);
    expect(isAllowed(m, 'orga_admin', null)).toBe(false);
  });

  it('a key limited to stores the organization no longer has reaches none', () => {
    const m = { ...membership([GONE]) };
    expect(m.store_ids).toEqual([]);
    expect(isAllowed(m, 'store_read', S1)).toBe(false);
    expect(isAllowed(m, 'store_read', GONE)).toBe(false);
  });
});
