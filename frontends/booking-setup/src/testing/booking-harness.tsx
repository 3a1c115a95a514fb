import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  organizationUserOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { BookingRule, BookingSetup, BookingSlot, NoShowPolicy, ServiceTime, Treatment, WaitlistEntry } from '../api/booking-api';
import type { StoreAgreement } from '@pawline/contracts';
import { BookingSetupRoutes } from '../routes';

// What the booking admin's page tests share: ids, the signed-in person with a rank, an in-memory booking
// gateway behind fetch (the declared routes of libs/contracts/src/http/booking.routes.ts), and the remote
// mounted where the shell mounts it.

export const ORGA = '22222222-2222-4222-8222-222222222222';
export const STORE = '33333333-3333-4333-8333-333333333333';
export const GROOMER = '55555555-5555-4555-8555-555555555555';
export const BASE = `/${ORGA}/store/${STORE}/booking`;
export const BATH = '60000000-0000-4000-8000-000000000001';
export const CUT = '60000000-0000-4000-8000-000000000002';

export type SentRequest = { method: string; path: string; body: unknown };
/** A canned failure for the next call of a method and path pattern. */
export type Failure = { method: string; path: RegExp; status: number; body: unknown; times?: number };

const uuid = (prefix: string, i: number) => `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;

export function slotRow(i: number, extra: Partial<BookingSlot> = {}): BookingSlot {
  return {
    id: uuid('a0000000', i),
    orga_id: ORGA,
    store_id: STORE,
    created_time: Date.UTC(2026, 10, 24, 10) - i * 60_000,
    status: 'pending',
    user_id: GROOMER,
    starts_at: '2026-11-26T14:30:00.000Z',
    ends_at: '2026-11-26T15:30:00.000Z',
    date: '2026-11-26',
    hour: 15,
    min: 30,
    duration: 60,
    treatment_ids: JSON.stringify([BATH, CUT]),
    treatment_id_list: [BATH, CUT],
    pets: [{ pet_id: null, name: `Fido ${i}`, pet_type: 0, breed: 'Poodle', size: 'medium', hair: 'long' }],
    customer_id: null,
    first_name: 'Maria',
    last_name: `Bianchi ${i}`,
    fon: '+39 333 1234567',
    email: 'maria@example.com',
    notes: `Please be gentle ${i}`,
    consent_messages: true,
    consent_reminders: false,
    consent_marketing: true,
    language: 'it',
    appointment_id: null,
    ...extra,
  };
}

export function ruleRow(i: number, extra: Partial<BookingRule> = {}): BookingRule {
  return {
    id: uuid('b0000000', i),
    orga_id: ORGA,
    store_id: STORE,
    user_id: null,
    kind: 'open',
    weekday: 1,
    date_start: 0,
    date_end: 0,
    start_hour: 9,
    start_min: 0,
    start_sec: 0,
    end_hour: 18,
    end_min: 0,
    end_sec: 0,
    start_date: null,
    end_date: null,
    start_time: '09:00:00',
    end_time: '18:00:00',
    created_at: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

export function treatmentRow(id: string, name: string, defaultDuration: number, archive = false): Treatment {
  return { id, orga_id: ORGA, name, archive, default_duration: defaultDuration, default_price: 3000 };
}

export function setupRow(extra: Partial<BookingSetup> = {}): BookingSetup {
  return {
    orga_id: ORGA,
    store_id: STORE,
    public_id: 'abcd1234efgh5678',
    time_zone: 'Europe/Rome',
    enabled: true,
    allowed_origins: ['https://salon-example.it'],
    min_notice_minutes: 120,
    horizon_days: 60,
    buffer_minutes: 10,
    slot_step_minutes: 15,
    ...extra,
  };
}

/** A store's no-show policy as booking answers it before one is saved. */
export function policyRow(extra: Partial<NoShowPolicy> = {}): NoShowPolicy {
  return {
    orga_id: ORGA,
    store_id: STORE,
    protection: 'none',
    deposit_kind: 'fixed',
    deposit_amount: 0,
    deposit_percent: 20,
    cancellation_window_hours: 24,
    late_cancellation_fee: 0,
    no_show_fee: 0,
    card_required_for: 'risky_customers',
    close_after_no_shows: null,
    closed_message: {},
    widget_text: {},
    confirmation_text: {},
    updated_by: null,
    updated_at: null,
    ...extra,
  };
}

/** A waiting customer as booking lists them (issue 30). */
export function waitlistRow(i: number, extra: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: uuid('f0000000', i),
    orga_id: ORGA,
    store_id: STORE,
    status: 'waiting',
    source: 'widget',
    treatment_ids: [BATH],
    pets: [{ pet_id: null, name: `Fido ${i}`, pet_type: 1 }],
    user_id: null,
    weekdays: [2, 4],
    from_time: '09:00',
    to_time: '12:00',
    until: '2026-12-31',
    first_name: 'Giulia',
    last_name: `Attesa ${i}`,
    fon: '+39 348 222 3333',
    email: null,
    notes: null,
    consent_messages: true,
    language: 'it',
    duration: 45,
    created_at: '2026-11-20T10:00:00.000Z',
    offers: [],
    ...extra,
  };
}

/** The booking service as the gateway answers it, in memory: what the tests set up and what the pages change. */
export class FakeBookingGateway {
  slots: BookingSlot[] = [];
  rules: BookingRule[] = [];
  times: ServiceTime[] = [];
  treatments: Treatment[] = [treatmentRow(BATH, 'Bath', 45), treatmentRow(CUT, 'Haircut', 60)];
  setup: BookingSetup = setupRow();
  policy: NoShowPolicy = policyRow();
  waitlist: WaitlistEntry[] = [];
  /** issue 31 the store agreement's versions, the last is current */
  agreements: StoreAgreement[] = [];
  failures: Failure[] = [];
  /** calls that never answer (a page that stays loading) */
  hang: RegExp | null = null;
  private nextId = 1000;

  answer(method: string, path: string, body: unknown): { status?: number; body: unknown } | Promise<never> {
    if (this.hang?.test(path)) return new Promise<never>(() => undefined);
    const failure = this.failures.find((f) => f.method === method && f.path.test(path));
    if (failure) {
      if (failure.times === undefined || --failure.times <= 0) this.failures = this.failures.filter((f) => f !== failure);
      return { status: failure.status, body: failure.body };
    }
    const store = `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin`;
    const notFound = { status: 404, body: { code: 'not_found', message: 'Not found' } };
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = new RegExp(`^${store}/slots/(\\d+)/([^/]+)$`).exec(path))) {
      const [time, last] = [Number(m[1]), m[2]];
      const pending = this.slots
        .filter((s) => s.status === 'pending')
        .sort((a, b) => b.created_time - a.created_time || (a.id < b.id ? 1 : -1));
      const after = time === 0 ? pending : pending.filter((s) => s.created_time < time || (s.created_time === time && s.id < (last ?? '')));
      return { body: { v: after.slice(0, 100) } };
    }
    if ((m = new RegExp(`^${store}/slot/([^/]+)(/accept|/decline)?$`).exec(path))) {
      const slot = this.slots.find((s) => s.id === m?.[1]);
      if (!slot) return notFound;
      if (method === 'GET') return { body: slot };
      if (method === 'POST' && m[2] === '/decline') {
        slot.status = 'deleted';
        return { body: { id: slot.id } };
      }
      if (method === 'POST' && m[2]) {
        slot.status = 'accepted';
        return { body: { slot, appointment_id: uuid('c0000000', 1), customer_id: uuid('d0000000', 1) } };
      }
      if (method === 'DELETE') {
        slot.status = 'deleted';
        return { body: { id: slot.id } };
      }
    }
    if (method === 'GET' && path === `${store}/rules`) {
      return { body: { v: [...this.rules].sort((a, b) => a.date_start - b.date_start) } };
    }
    if (method === 'POST' && path === `${store}/rule`) {
      const input = body as Record<string, unknown>;
      const two = (n: unknown) => String(n).padStart(2, '0');
      const day = (d: unknown) => (typeof d === 'string' ? Date.parse(`${d}T00:00:00Z`) / 1000 : 0);
      const rule = ruleRow(this.nextId++, {
        user_id: (input.user_id as string | null) ?? null,
        kind: (input.kind as 'open' | 'closed') ?? 'open',
        weekday: (input.weekday as number | null) ?? null,
        start_date: (input.start_date as string | null) ?? null,
        end_date: (input.end_date as string | null) ?? null,
        date_start: day(input.start_date),
        date_end: day(input.end_date),
        start_hour: input.start_hour as number,
        start_min: (input.start_min as number) ?? 0,
        end_hour: input.end_hour as number,
        end_min: (input.end_min as number) ?? 0,
        start_time: `${two(input.start_hour)}:${two(input.start_min ?? 0)}:00`,
        end_time: `${two(input.end_hour)}:${two(input.end_min ?? 0)}:00`,
      });
      this.rules.push(rule);
      return { status: 201, body: rule };
    }
    if (method === 'DELETE' && (m = new RegExp(`^${store}/rule/([^/]+)$`).exec(path))) {
      const before = this.rules.length;
      this.rules = this.rules.filter((r) => r.id !== m?.[1]);
      return this.rules.length === before ? notFound : { body: { id: m[1] } };
    }
    if (path === `/api/v1/orga/${ORGA}/treatments`) return { body: this.treatments };
    if (path === `/api/v1/orga/${ORGA}/treatments/additional_info`) {
      if (method === 'PUT') {
        for (const entry of (body as { entries: Record<string, unknown>[] }).entries) {
          const same = (t: ServiceTime) =>
            t.treatment_id === entry.treatment_id &&
            t.pet_type === entry.pet_type &&
            t.breed === entry.breed &&
            t.size === entry.size &&
            t.hair === entry.hair;
          this.times = this.times.filter((t) => !same(t));
          if (entry.minutes !== null)
            this.times.push({ ...(entry as unknown as ServiceTime), id: uuid('e0000000', this.nextId++), orga_id: ORGA });
        }
      }
      return { body: { v: this.times } };
    }
    if (path === `${store}/setup`) {
      if (method === 'PATCH') {
        const { new_public_id, ...change } = body as Record<string, unknown>;
        this.setup = { ...this.setup, ...change, ...(new_public_id ? { public_id: 'zzzz9999yyyy8888' } : {}) };
      }
      return { body: this.setup };
    }
    if (path === `${store}/waitlist` && method === 'GET') return { body: { entries: this.waitlist.filter((e) => e.status !== 'removed') } };
    if (path === `${store}/waitlist` && method === 'POST') {
      const entry = waitlistRow(this.nextId++, { ...(body as Partial<WaitlistEntry>), source: 'staff', duration: 45, offers: [] });
      this.waitlist.push(entry);
      return { status: 201, body: entry };
    }
    if (method === 'DELETE' && (m = new RegExp(`^${store}/waitlist/([^/]+)$`).exec(path))) {
      const entry = this.waitlist.find((e) => e.id === m?.[1] && e.status !== 'removed');
      if (!entry) return notFound;
      entry.status = 'removed';
      return { body: { id: entry.id } };
    }
    if (path === `${store}/agreement`) {
      if (method === 'POST') {
        const version: StoreAgreement = {
          store_id: STORE,
          version: this.agreements.length + 1,
          texts: (body as { texts: Record<string, string> }).texts,
          published_at: '2026-12-07T10:00:00.000Z',
          published_by: 'u1',
        };
        this.agreements.push(version);
        return { status: 201, body: version };
      }
      return { body: this.agreements.at(-1) ?? null };
    }
    if (path === `${store}/no_show_policy`) {
      if (method === 'PUT') this.policy = { ...this.policy, ...(body as object), updated_by: 'u1', updated_at: new Date().toISOString() };
      return { body: this.policy };
    }
    return notFound;
  }
}

/** rank 1: an administrator; rank 3: a worker who writes the store with the default minimum ranks (4). */
export function mountBooking({
  path,
  gateway = new FakeBookingGateway(),
  rank = 1,
  storeOverride = {},
  language = 'en',
  minRankWriteStore = 4,
}: {
  path: string;
  gateway?: FakeBookingGateway;
  rank?: number;
  storeOverride?: Record<string, number>;
  language?: ShellBridge['language'];
  minRankWriteStore?: number;
}) {
  const requests: SentRequest[] = fakeGatewayFetch(({ method, path, body }) => gateway.answer(method, path, body));
  // a fresh QueryClient per mount, and the realtime feed applying the invalidation table to it, as the shell does
  const { Shell, realtime, client } = fakeShell();
  const user = personUserOf({ id: 'u1', email: 'ada@example.com', language, orga_id: ORGA, created_at: '2026-11-01T00:00:00Z' });
  const bridge: ShellBridge = {
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn().mockResolvedValue(null),
    } as unknown as ApiClient,
    user,
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    orga: organizationOf({
      id: ORGA,
      tier: 2,
      min_rank_write_store: minRankWriteStore,
      stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main' })],
      users: [
        organizationUserOf({
          user_id: 'u1',
          orga_id: ORGA,
          first_name: 'Ada',
          last_name: 'Rossi',
          orga_rank: rank,
          store_override: storeOverride,
          employee_status: 1,
          active: true,
        }),
        organizationUserOf({
          id: '77777777-7777-4777-8777-777777777777',
          user_id: GROOMER,
          orga_id: ORGA,
          first_name: 'Gino',
          last_name: 'Verdi',
          orga_rank: 3,
          employee_status: 1,
          active: true,
        }),
      ],
    }),
    subscribe: realtime.subscribe,
  };
  const router = createMemoryRouter([{ path: '/:orgaId/store/:storeId/booking/*', element: <BookingSetupRoutes {...bridge} /> }], {
    initialEntries: [path],
  });
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Shell>,
  );
  const emit = (m: Partial<RealtimeMessage>) =>
    act(() =>
      realtime.send({
        scope: 'slot',
        channel: ORGA,
        store_id: STORE,
        data: null,
        event: 'customer_booking',
        user: null,
        device: null,
        ...m,
      }),
    );
  return { bridge, router, requests, emit, gateway, client };
}
