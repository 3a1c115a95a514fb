import type { Appointment, Pet } from '@pawline/contracts';
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
    treatments: [],
    tags: [],
    external_services: [],
    ...fields,
  };
}

let appointmentCounter = 0;

/** A complete appointment as the range route answers, with the fields a test cares about. */
export function appointmentOf(fields: Partial<Appointment> = {}): Appointment {
  appointmentCounter += 1;
  const id = fields.id ?? `00000000-0000-4000-8000-${String(appointmentCounter).padStart(12, '0')}`;
  const date = fields.date ?? '2026-11-18';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return {
    id,
    orga_id: '10000000-0000-4000-8000-000000000001',
    store_id: '20000000-0000-4000-8000-000000000001',
    user_id: null,
    date,
    year,
    month,
    day,
    hour: 9,
    min: 0,
    sec: 0,
    time_zone: 'Europe/Rome',
    starts_at: `${date}T08:00:00.000Z`,
    ends_at: `${date}T09:00:00.000Z`,
    duration: 60,
    color: null,
    timed: true,
    full_day: false,
    app_name: null,
    notes: null,
    status: 0,
    discount: 0,
    price: 0,
    final_price: null,
    total: null,
    checked_out: false,
    cashed_in: false,
    recurring_data: null,
    recurring_end: null,
    recurring_group_id: null,
    recurring_group_main: false,
    reminder_status: null,
    updated_at: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

/** A complete pet as crm answers it (spec §3), with the fields a test cares about. */
export function petOf(fields: Partial<Pet> = {}): Pet {
  return {
    id: NO_ID,
    orga_id: NO_ID,
    store_id: NO_ID,
    customer_id: NO_ID,
    name: 'Biscotto',
    pet_type: 1,
    breed: null,
    hair: null,
    size: null,
    sex: null,
    born: null,
    weight: null,
    allergies: null,
    sterilized: null,
    vaccinated: null,
    colour: null,
    microchip: null,
    attitude: null,
    notes: null,
    medical: null,
    image_ids: [],
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...fields,
  };
}
