import { organizationOf, organizationUserOf, storeOf, type Organization } from '@pawline/api-client';
import { isOrgaAdministrator, visibleStores } from './orga-access';

const orga: Organization = organizationOf({
  id: 'o1',
  name: 'Salon',
  tier: 0,
  created_at: '2026-11-01T00:00:00Z',
  stores: [storeOf({ id: 's1', name: 'Centro' }), storeOf({ id: 's2', name: 'Mare' })],
  users: [
    organizationUserOf({
      id: 'm0',
      user_id: 'owner',
      first_name: 'O',
      last_name: 'W',
      orga_rank: 0,
      store_override: {},
      employee_status: 1,
      active: true,
    }),
    organizationUserOf({
      id: 'm1',
      user_id: 'lia',
      first_name: 'L',
      last_name: 'R',
      orga_rank: 3,
      store_override: { s2: 3 },
      employee_status: 1,
      active: true,
    }),
    organizationUserOf({
      id: 'm2',
      user_id: 'ugo',
      first_name: 'U',
      last_name: 'B',
      orga_rank: 3,
      store_override: {},
      employee_status: 0,
      active: true,
    }),
  ],
});

describe('organization access in the frame', () => {
  it('R6.04 a user with a store override sees only that store; the owner sees every store', () => {
    expect(visibleStores(orga, 'lia').map((s) => s.id)).toEqual(['s2']);
    expect(visibleStores(orga, 'owner').map((s) => s.id)).toEqual(['s1', 's2']);
    expect(visibleStores(orga, 'ugo')).toEqual([]);
  });

  it('R2.02 R6.06 only organization administrators get the settings', () => {
    expect(isOrgaAdministrator(orga, 'owner')).toBe(true);
    expect(isOrgaAdministrator(orga, 'lia')).toBe(false);
    expect(isOrgaAdministrator(orga, 'nobody')).toBe(false);
  });
});
