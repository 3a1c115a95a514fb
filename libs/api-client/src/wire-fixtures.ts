import type { Organization, OrganizationUser, PersonUser, Store } from './api-types';

// Complete wire objects for tests of the shell and the remotes: a fixture names only what its
// test is about, the rest comes from here, so a field added to a contract is added in one place.

const NO_ID = '00000000-0000-4000-8000-000000000000';

export function personUserOf(fields: Partial<PersonUser> = {}): PersonUser {
  return {
    id: NO_ID,
    email: 'ada@example.test',
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    language: 'en',
    orga_id: NO_ID,
    rating_enable: false,
    last_rating_time: null,
    email_verified: true,
    pending_email: null,
    created_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

export function storeOf(fields: Partial<Store> = {}): Store {
  return {
    id: NO_ID,
    orga_id: NO_ID,
    name: 'Main',
    address: null,
    city: null,
    zip_code: null,
    country: 'IT',
    address_from_orga: true,
    phone: null,
    time_zone: 'Europe/Rome',
    ...fields,
  };
}

export function organizationUserOf(fields: Partial<OrganizationUser> = {}): OrganizationUser {
  const id = fields.id ?? NO_ID;
  return {
    id,
    user_id: id,
    orga_id: NO_ID,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    username: 'ada',
    orga_rank: 0,
    store_override: {},
    employee_status: 0,
    color_scheme: '',
    active: true,
    ...fields,
  };
}

export function organizationOf(fields: Partial<Organization> = {}): Organization {
  return {
    id: NO_ID,
    name: 'Salon',
    address: null,
    city: null,
    zip_code: null,
    country: 'IT',
    address_from_owner: true,
    tier: 1,
    created_at: '2026-01-01T00:00:00Z',
    subscribed_since: null,
    subscribed_until: null,
    share_pets: false,
    admin_notification: null,
    min_rank_read_store: 4,
    min_rank_write_store: 4,
    min_rank_read_pets: 4,
    min_rank_write_pets: 4,
    promo_code: null,
    stores: [],
    users: [],
    ...fields,
  };
}
