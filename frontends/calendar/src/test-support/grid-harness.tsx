// The calendar page alone in a browser, for e2e/calendar-grid.e2e-spec.ts: the real CalendarPage
// (real layout and pointer events) over an in-memory scheduling API that records every call.
import { ChakraProvider } from '@chakra-ui/react';
import { organizationOf, storeOf, type ApiClient, type Organization, type PersonUser, type ShellBridge } from '@pawline/api-client';
import type { Appointment, AppointmentList, Customer, Pet } from '@pawline/contracts';
import { pawlineSystem } from '@pawline/ui';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { AppointmentWrite, SchedulingApi } from '../api/scheduling-api';
import { CalendarPage } from '../calendar/CalendarPage';
import { calendarTranslator } from '../i18n/translator';
import type { CalendarContext } from '../shared/calendar-context';

const ORGA = '10000000-0000-4000-8000-000000000001';
const STORE = '20000000-0000-4000-8000-000000000001';
const CUSTOMER = { id: '40000000-0000-4000-8000-000000000001', first_name: 'Maria', last_name: 'Rossi' } as Customer;
const PET = { id: '50000000-0000-4000-8000-000000000001', name: 'Fido', customer_id: CUSTOMER.id } as Pet;

export type HarnessCall = { name: string; args: unknown[] };
declare global {
  interface Window {
    calendarCalls: HarnessCall[];
  }
}
window.calendarCalls = [];

let items: Appointment[] = [];
let next = 1;
const record = (name: string, ...args: unknown[]) => void window.calendarCalls.push({ name, args });
const listOf = (list: Appointment[]): AppointmentList => ({
  items: list,
  treatments: [],
  pets: list.map((a) => ({ appointment_id: a.id, pet_id: PET.id })),
});

function fromWrite(write: AppointmentWrite, id: string): Appointment {
  const [year, month, day] = write.date.split('-').map(Number) as [number, number, number];
  return {
    id,
    orga_id: ORGA,
    store_id: STORE,
    user_id: write.user_id,
    date: write.date,
    year,
    month,
    day,
    hour: write.hour,
    min: write.min,
    sec: 0,
    time_zone: 'Europe/Rome',
    starts_at: '',
    ends_at: '',
    duration: write.duration,
    color: null,
    timed: true,
    full_day: false,
    app_name: write.app_name,
    notes: write.notes,
    status: 0,
    discount: 0,
    price: write.price,
    final_price: null,
    total: null,
    checked_out: false,
    cashed_in: false,
    recurring_data: null,
    recurring_end: null,
    recurring_group_id: null,
    recurring_group_main: false,
    reminder_status: null,
    updated_at: '',
  };
}

function change(id: string, patch: Partial<Appointment>) {
  items = items.map((a) => (a.id === id ? { ...a, ...patch } : a));
  const appointment = items.find((a) => a.id === id) as Appointment;
  return { appointment, affected_ids: [id] };
}

const api: Partial<SchedulingApi> = {
  range: async (...args) => (record('range', ...args), listOf(items)),
  treatments: async () => [],
  get: async (_o, _s, id) => listOf(items.filter((a) => a.id === id)),
  create: async (_o, _s, write, recurring) => {
    record('create', write, recurring);
    const created = fromWrite(write, `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`);
    items = [...items, created];
    return listOf([created]);
  },
  move: async (_o, _s, id, to, scope) => (record('move', id, to, scope), change(id, to)),
  resize: async (_o, _s, id, duration, scope) => (record('resize', id, duration, scope), change(id, { duration })),
  searchCustomers: async (_o, _s, q) => (record('searchCustomers', q), { items: [{ ...CUSTOMER, tags: [] }], page_size: 10 }),
  petsOfCustomer: async () => ({ items: [{ ...PET, tags: [] }], page_size: 50 }),
  getPet: async () => ({ pet: PET, tags: [] }),
  getCustomer: async () => ({ customer: CUSTOMER, tags: [], external_services: [] }),
};

const person = { id: 'u1', orga_id: ORGA, first_name: 'Ada', last_name: 'Lovelace', language: 'en' } as PersonUser;
const orga: Organization = organizationOf({
  id: ORGA,
  stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main', time_zone: 'Europe/Rome' })],
});
const bridge: ShellBridge = {
  api: {} as ApiClient,
  user: person,
  language: 'en',
  notify: (type, message) => record('notify', type, message),
  reloadUser: async () => undefined,
  changeLanguage: () => undefined,
  signedOut: () => undefined,
  appVersion: '11.4.6',
  orga,
};
const ctx: CalendarContext = {
  bridge,
  api: api as SchedulingApi,
  t: calendarTranslator('en'),
  subscribe: () => () => undefined,
  storage: window.localStorage,
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <ChakraProvider value={pawlineSystem}>
    <MemoryRouter>
      <CalendarPage ctx={ctx} orgaId={ORGA} storeId={STORE} initialDay="2026-11-18" />
    </MemoryRouter>
  </ChakraProvider>,
);
