import { organizationOf, organizationUserOf, storeOf, type Organization } from '@pawline/api-client';
import { isOrgaAdministrator, isStoreAdministrator, visibleStores } from './orga-access';

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

describe('the store administrator guard', () => {
  const staff: Organization = {
    ...orga,
    users: [
      ...orga.users,
      // a worker made administrator of one store by an override
      organizationUserOf({ id: 'm3', user_id: 'ada', orga_rank: 3, store_override: { s1: 1 }, employee_status: 0 }),
      // an organization administrator without overrides (employee_status 0 still reaches every store)
      organizationUserOf({ id: 'm4', user_id: 'bea', orga_rank: 1, store_override: {}, employee_status: 0 }),
      // a moderator with general access: reaches every store, administers none
      organizationUserOf({ id: 'm5', user_id: 'cid', orga_rank: 2, store_override: {}, employee_status: 1 }),
      // an organization administrator held to one store as a worker
      organizationUserOf({ id: 'm7', user_id: 'eva', orga_rank: 1, store_override: { s2: 3 }, employee_status: 1 }),
      // a deactivated administrator
      organizationUserOf({ id: 'm6', user_id: 'dan', orga_rank: 1, store_override: {}, employee_status: 1, active: false }),
    ],
  };

  it('R6.02 administrators are rank 1 or lower in the organization or by a store override', () => {
    expect(isStoreAdministrator(staff, 'owner', 's1')).toBe(true);
    expect(isStoreAdministrator(staff, 'bea', 's1')).toBe(true);
    expect(isStoreAdministrator(staff, 'bea', 's2')).toBe(true);
    expect(isStoreAdministrator(staff, 'ada', 's1')).toBe(true);
    expect(isStoreAdministrator(staff, 'cid', 's1')).toBe(false);
    expect(isStoreAdministrator(staff, 'lia', 's2')).toBe(false);
    expect(isStoreAdministrator(staff, 'dan', 's1')).toBe(false);
    // the store override makes a store administrator, not an organization administrator
    expect(isOrgaAdministrator(staff, 'ada')).toBe(false);
  });

  it('R6.04 a store override administers only its store; the stores a user does not reach have no administrator in them', () => {
    expect(visibleStores(staff, 'ada').map((store) => store.id)).toEqual(['s1']);
    expect(isStoreAdministrator(staff, 'ada', 's2')).toBe(false);
    // overrides hold even an organization administrator to their stores, at their store rank
    expect(visibleStores(staff, 'eva').map((store) => store.id)).toEqual(['s2']);
    expect(isStoreAdministrator(staff, 'eva', 's1')).toBe(false);
    expect(isStoreAdministrator(staff, 'eva', 's2')).toBe(false);
    expect(isOrgaAdministrator(staff, 'eva')).toBe(true);
  });

  it('refuses a store of another organization, an unknown user and a missing organization', () => {
    expect(isStoreAdministrator(staff, 'owner', 's9')).toBe(false);
    expect(isStoreAdministrator(staff, 'nobody', 's1')).toBe(false);
    expect(isStoreAdministrator(null, 'owner', 's1')).toBe(false);
  });
});
