// The gateway's scheduling and crm routes the calendar uses, in memory (the declarations of libs/contracts
// src/http): for the page tests in jsdom and the grid harness in Chromium, behind fakeGatewayFetch. No jest here.
import { appointmentOf, petOf } from '@pawline/api-client';
import type { Appointment, AppointmentList, Customer, CustomerAgreement, Pet, PetCard, ReportCard, Treatment } from '@pawline/contracts';
import type { AppointmentWrite } from '../api/scheduling-api';

export const ORGA = '10000000-0000-4000-8000-000000000001';
export const STORE = '20000000-0000-4000-8000-000000000001';

type Answer = { status?: number; body: unknown };
type Candidate = { id?: string; user_id: string | null; date: string; hour: number; min: number; duration: number; pet_ids: string[] };
type Change = { id: string; before: Appointment[]; links: Link[]; treatmentLinks: TreatmentLink[]; deleted: boolean };
export type Failure = { method: string; path: RegExp; status: number; body: unknown; times?: number };
type Link = { appointment_id: string; pet_id: string };
type TreatmentLink = { appointment_id: string; treatment_id: string; name: string };

const uuid = (prefix: string, i: number) => `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;
function customerOf(fields: Partial<Customer>): Customer {
  return {
    id: uuid('40000000', 0),
    orga_id: ORGA,
    store_id: STORE,
    first_name: '',
    last_name: '',
    address: null,
    city: null,
    zip_code: null,
    country: null,
    fon: null,
    fon_2: null,
    email: null,
    notes: null,
    veterinary: null,
    consent_messages: false,
    consent_reminders: false,
    consent_marketing: false,
    privacy_file_id: null,
    pet_names: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

const NOT_FOUND: Answer = { status: 404, body: { code: 'not_found', message: 'Not found' } };

/** Date parts of the range path, as ISO days. */
function rangeOf(parts: string[]): [string, string] {
  const [y, m, d, y2, m2, d2] = parts.map(Number) as [number, number, number, number, number, number];
  const iso = (a: number, b: number, c: number) => `${a}-${String(b).padStart(2, '0')}-${String(c).padStart(2, '0')}`;
  return [iso(y, m, d), iso(y2, m2, d2)];
}

export class FakeSchedulingGateway {
  items: Appointment[] = [];
  links: Link[] = [];
  treatmentLinks: TreatmentLink[] = [];
  customers: Customer[] = [];
  pets: Pet[] = [];
  treatments: Treatment[] = [];
  petCheckout: Record<string, 'do_not_ask' | 'ask' | 'ask_required'> = {};
  /** issue 31 each pet's latest verified vaccine ends (its cards' vaccinations) and the store's requirement */
  vaccinations: Record<string, { vaccine: string; valid_until: string }[]> = {};
  careSettings: {
    requirements: { pet_type: number; vaccine: string; treatment_ids: string[] }[];
    expiring_days: number;
    booking_mode: 'refuse' | 'warn';
  } = { requirements: [], expiring_days: 30, booking_mode: 'warn' };
  feedTokens: string[] = [];
  /** the service-time matrix (booking's treatments/additional_info) */
  serviceTimes: {
    treatment_id: string;
    pet_type: number;
    breed: string | null;
    size: string | null;
    hair: string | null;
    minutes: number;
  }[] = [];
  failures: Failure[] = [];
  hang: RegExp | null = null;
  /** the changes a write answered with change_id, for the undo route (ADR 0043) */
  changes: Change[] = [];
  /** issue 31 report cards by appointment and pet, and each customer's agreement state (none when absent) */
  reportCards: ReportCard[] = [];
  agreements = new Map<string, CustomerAgreement>();
  agreementLinks = 0;
  private next = 1;

  /** What a candidate collides with, as the server's check and 409 name it: same pet or same groomer at once. */
  collisionsOf(c: Candidate) {
    const start = c.hour * 60 + c.min;
    const end = start + c.duration;
    const conflicts = this.items
      .filter((a) => a.id !== c.id && a.date === c.date && a.status !== 2 && a.status !== 3)
      .filter((a) => a.hour * 60 + a.min < end && start < a.hour * 60 + a.min + a.duration)
      .flatMap((a) => {
        const pets = this.links.filter((l) => l.appointment_id === a.id).map((l) => l.pet_id);
        const reasons = [
          ...(pets.some((p) => c.pet_ids.includes(p)) ? ['pet' as const] : []),
          ...(c.user_id !== null && a.user_id === c.user_id ? ['staff' as const] : []),
        ];
        if (reasons.length === 0) return [];
        const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return [
          {
            id: a.id,
            store_id: STORE,
            same_store: true,
            date: a.date,
            start_time: clock(a.hour * 60 + a.min),
            end_time: clock(a.hour * 60 + a.min + a.duration),
            starts_at: a.starts_at,
            ends_at: a.ends_at,
            user_id: a.user_id,
            reasons,
            pets: pets.map((pet_id) => {
              const pet = this.pets.find((p) => p.id === pet_id);
              const owner = this.customers.find((o) => o.id === pet?.customer_id);
              return {
                pet_id,
                name: pet?.name ?? null,
                customer_id: owner?.id ?? null,
                customer_first_name: owner?.first_name ?? null,
                customer_last_name: owner?.last_name ?? null,
              };
            }),
          },
        ];
      });
    const collisions = conflicts.flatMap((x) =>
      x.reasons.map((reason) => ({ reason, date: x.date, user_id: reason === 'staff' ? c.user_id : null, appointment_ids: [x.id] })),
    );
    return { collisions, conflicts };
  }

  private refusal(c: Candidate, allowed: unknown): Answer | null {
    if (allowed === true) return null;
    const found = this.collisionsOf(c);
    if (found.collisions.length === 0) return null;
    return { status: 409, body: { code: 'conflict', message: 'This time collides with other appointments.', ...found } };
  }

  private candidateOf(a: Appointment): Candidate {
    const pet_ids = this.links.filter((l) => l.appointment_id === a.id).map((l) => l.pet_id);
    return { id: a.id, user_id: a.user_id, date: a.date, hour: a.hour, min: a.min, duration: a.duration, pet_ids };
  }

  /** Keeps the rows before a change, answers its id. */
  private remember(before: Appointment[], deleted = false): string {
    const ids = new Set(before.map((a) => a.id));
    const id = uuid('80000000', this.next++);
    this.changes.push({
      id,
      before: before.map((a) => ({ ...a })),
      links: this.links.filter((l) => ids.has(l.appointment_id)),
      treatmentLinks: this.treatmentLinks.filter((l) => ids.has(l.appointment_id)),
      deleted,
    });
    return id;
  }

  /** A customer with one pet, in this store; answers the pet. */
  addPet(name: string, owner: Partial<Customer> = {}, fields: Partial<Pet> = {}): Pet {
    const customer =
      this.customers.find((c) => c.id === owner.id) ??
      customerOf({ id: uuid('40000000', this.next++), orga_id: ORGA, store_id: STORE, first_name: 'Maria', last_name: 'Rossi', ...owner });
    if (!this.customers.includes(customer)) this.customers.push(customer);
    const pet = petOf({ id: uuid('50000000', this.next++), orga_id: ORGA, store_id: STORE, customer_id: customer.id, name, ...fields });
    this.pets.push(pet);
    return pet;
  }

  /** An appointment in the store, with its pets and treatments. */
  add(fields: Partial<Appointment>, petIds: string[] = [], treatments: { id: string; name: string }[] = []): Appointment {
    const a = appointmentOf({ orga_id: ORGA, store_id: STORE, ...fields });
    this.items.push(a);
    for (const pet_id of petIds) this.links.push({ appointment_id: a.id, pet_id });
    for (const tr of treatments) this.treatmentLinks.push({ appointment_id: a.id, treatment_id: tr.id, name: tr.name });
    return a;
  }

  listOf(items: readonly Appointment[]): AppointmentList {
    const ids = new Set(items.map((a) => a.id));
    return {
      items: [...items],
      pets: this.links.filter((l) => ids.has(l.appointment_id)),
      treatments: this.treatmentLinks.filter((l) => ids.has(l.appointment_id)),
    };
  }

  cardOf(pet: Pet): PetCard {
    const owner = this.customers.find((c) => c.id === pet.customer_id);
    return {
      pet_id: pet.id,
      name: pet.name,
      pet_type: pet.pet_type,
      breed: pet.breed,
      allergies: pet.allergies ?? null,
      customer_id: pet.customer_id,
      customer_first_name: owner?.first_name ?? '',
      customer_last_name: owner?.last_name ?? '',
      customer_fon: owner?.fon ?? null,
      tags: [],
      customer_tags: [],
      vaccinations: this.vaccinations[pet.id] ?? [],
    };
  }

  private change(id: string, patch: Partial<Appointment>): Appointment | null {
    const found = this.items.find((a) => a.id === id);
    if (!found) return null;
    const changed = { ...found, ...patch };
    this.items = this.items.map((a) => (a.id === id ? changed : a));
    return changed;
  }

  private fromWrite(write: AppointmentWrite): Appointment {
    const a = appointmentOf({
      id: uuid('00000000', 9000 + this.next++),
      orga_id: ORGA,
      store_id: STORE,
      user_id: write.user_id,
      date: write.date,
      hour: write.hour,
      min: write.min,
      duration: write.duration,
      app_name: write.app_name,
      notes: write.notes,
      price: write.price,
    });
    this.items.push(a);
    for (const pet_id of write.pet_ids ?? []) this.links.push({ appointment_id: a.id, pet_id });
    for (const id of write.treatment_ids ?? [])
      this.treatmentLinks.push({ appointment_id: a.id, treatment_id: id, name: this.treatments.find((tr) => tr.id === id)?.name ?? '' });
    return a;
  }

  answer(method: string, path: string, body: unknown, url: URL): Answer | Promise<never> {
    if (this.hang?.test(path)) return new Promise<never>(() => undefined);
    const failure = this.failures.find((f) => f.method === method && f.path.test(path));
    if (failure) {
      if (failure.times === undefined || --failure.times <= 0) this.failures = this.failures.filter((f) => f !== failure);
      return { status: failure.status, body: failure.body };
    }
    const orga = `/api/v1/orga/${ORGA}`;
    const store = `${orga}/store/${STORE}`;
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = new RegExp(`^${store}/appointments/(\\d+)/(\\d+)/(\\d+)/(\\d+)/(\\d+)/(\\d+)$`).exec(path))) {
      const [from, to] = rangeOf(m.slice(1));
      return { body: this.listOf(this.items.filter((a) => a.date >= from && a.date <= to)) };
    }
    if (method === 'GET' && path === `${orga}/treatments`) return { body: this.treatments };
    if (method === 'GET' && path === `${orga}/treatments/additional_info`)
      return { body: { v: this.serviceTimes.map((e, i) => ({ id: uuid('60000000', i + 1), orga_id: ORGA, ...e })) } };
    if (method === 'GET' && (m = new RegExp(`^${store}/customer/([^/]+)$`).exec(path))) {
      const customer = this.customers.find((c) => c.id === m?.[1]);
      return customer ? { body: { customer, tags: [], external_services: [] } } : NOT_FOUND;
    }
    if (method === 'GET' && path === `${orga}/crm_settings`)
      return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: this.petCheckout } };
    if (method === 'GET' && path === `${store}/care_settings`) return { body: { store_id: STORE, ...this.careSettings } };
    if (method === 'GET' && path === `${store}/pets/cards`) {
      const ids = new Set((url.searchParams.get('ids') ?? '').split(','));
      return { body: { items: this.pets.filter((p) => ids.has(p.id)).map((p) => this.cardOf(p)) } };
    }
    if (method === 'GET' && path === `${store}/pets`) {
      const owner = url.searchParams.get('customer_id');
      return {
        body: { items: this.pets.filter((p) => !owner || p.customer_id === owner).map((p) => ({ ...p, tags: [] })), page_size: 50 },
      };
    }
    if (method === 'GET' && path === `${store}/customers`) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found = this.customers.filter((c) => `${c.first_name} ${c.last_name} ${c.fon ?? ''}`.toLowerCase().includes(q));
      return { body: { items: found.map((c) => ({ ...c, tags: [] })), page_size: 10 } };
    }
    if (method === 'POST' && path === `${store}/customer`) {
      const input = body as Partial<Customer>;
      if (!input.first_name) return { status: 400, body: { code: 'validation', message: 'Invalid', fields: { first_name: 'Required' } } };
      const customer = customerOf({ ...input, id: uuid('40000000', this.next++) });
      this.customers.push(customer);
      return { status: 201, body: { customer, tags: [], external_services: [] } };
    }
    if (method === 'POST' && path === `${store}/pet`) {
      const { tags: _t, ...input } = body as Partial<Pet> & { tags?: unknown };
      if (!this.customers.some((c) => c.id === input.customer_id)) return NOT_FOUND;
      const pet = petOf({ ...input, id: uuid('50000000', this.next++), orga_id: ORGA, store_id: STORE });
      this.pets.push(pet);
      this.customers = this.customers.map((c) => (c.id === pet.customer_id ? { ...c, pet_names: [...c.pet_names, pet.name] } : c));
      return { status: 201, body: { pet, tags: [] } };
    }
    if (method === 'PUT' && (m = new RegExp(`^${store}/pet/([^/]+)$`).exec(path))) {
      const pet = this.pets.find((p) => p.id === m?.[1]);
      if (!pet) return NOT_FOUND;
      Object.assign(pet, body);
      return { body: { pet, tags: [] } };
    }
    if (method === 'POST' && path === `${store}/calendar_feed`) {
      const token = this.feedTokens.shift() ?? uuid('70000000', this.next++);
      return { body: { token, path: `/api/v1/public/calendar/${token}.ics` } };
    }
    if (method === 'GET' && (m = new RegExp(`^${store}/pet/([^/]+)/appointment/latest$`).exec(path))) {
      const ids = new Set(this.links.filter((l) => l.pet_id === m?.[1]).map((l) => l.appointment_id));
      const item = this.items.filter((a) => ids.has(a.id)).sort((a, b) => (a.starts_at < b.starts_at ? 1 : -1))[0] ?? null;
      const list = this.listOf(item ? [item] : []);
      return { body: { item, treatments: list.treatments, pets: list.pets } };
    }
    if (method === 'POST' && path === `${store}/appointment_check`) {
      const input = body as { appointment_id: string | null; appointment: Omit<Candidate, 'id'> };
      return { body: { ...this.collisionsOf({ ...input.appointment, id: input.appointment_id ?? undefined }), free_user_ids: [] } };
    }
    if (method === 'POST' && (m = new RegExp(`^${store}/appointment_change/([^/]+)/undo$`).exec(path))) {
      const change = this.changes.find((c) => c.id === m?.[1]);
      if (!change) return NOT_FOUND;
      // the old time may be taken now (ADR 0043): refused unless allowed
      for (const a of change.before) {
        const pet_ids = change.links.filter((l) => l.appointment_id === a.id).map((l) => l.pet_id);
        const candidate = { id: a.id, user_id: a.user_id, date: a.date, hour: a.hour, min: a.min, duration: a.duration, pet_ids };
        const refused = this.refusal(candidate, (body as { allow_conflict?: boolean }).allow_conflict);
        if (refused) return refused;
      }
      this.changes = this.changes.filter((c) => c !== change);
      const ids = new Set(change.before.map((a) => a.id));
      this.items = [...this.items.filter((a) => !ids.has(a.id)), ...change.before];
      if (change.deleted) {
        this.links.push(...change.links);
        this.treatmentLinks.push(...change.treatmentLinks);
      }
      return {
        body: {
          ...this.listOf(change.before),
          kind: change.deleted ? 'delete' : 'update',
          restored: [...ids].map((id) => ({ from: id, to: id })),
        },
      };
    }
    if (method === 'POST' && path === `${store}/appointment`) {
      const { appointment, allow_conflict } = body as { appointment: AppointmentWrite; allow_conflict?: boolean };
      const refused = this.refusal({ ...appointment, pet_ids: appointment.pet_ids ?? [] }, allow_conflict);
      if (refused) return refused;
      return { status: 201, body: this.listOf([this.fromWrite(appointment)]) };
    }
    if ((m = new RegExp(`^${store}/appointment/([^/]+)(/[a-z_]+)?$`).exec(path))) {
      const id = m[1] ?? '';
      const action = m[2] ?? '';
      const found = this.items.find((a) => a.id === id);
      if (!found) return NOT_FOUND;
      if (method === 'GET') return { body: this.listOf([found]) };
      if (method === 'DELETE') {
        const scope = url.searchParams.get('scope');
        const gone = this.items.filter(
          (a) => a.id === id || (scope === 'all' && a.recurring_group_id && a.recurring_group_id === found.recurring_group_id),
        );
        const ids = gone.map((a) => a.id);
        const change_id = this.remember(gone, true);
        this.items = this.items.filter((a) => !ids.includes(a.id));
        return { body: { deleted_ids: ids, change_id } };
      }
      const input = body as Record<string, unknown>;
      if (method === 'PUT') {
        const write = input['appointment'] as AppointmentWrite;
        const refused = this.refusal({ ...write, id, pet_ids: write.pet_ids ?? [] }, input['allow_conflict']);
        if (refused) return refused;
        const change_id = this.remember([found]);
        const { pet_ids: _p, treatment_ids: _t, discount: _d, ...fields } = write;
        return { body: { appointment: this.change(id, fields), affected_ids: [id], change_id } };
      }
      if (action === '/move' || action === '/resize') {
        const { scope: _s, allow_conflict, ...patch } = input;
        const refused = this.refusal({ ...this.candidateOf(found), ...patch }, allow_conflict);
        if (refused) return refused;
        const change_id = this.remember([found]);
        return { body: { appointment: this.change(id, patch), affected_ids: [id], change_id } };
      }
      if (action === '/status') {
        const status = input['status'] as number;
        const refused = status < 2 && found.status >= 2 ? this.refusal(this.candidateOf(found), input['allow_conflict']) : null;
        if (refused) return refused;
        const change_id = this.remember([found]);
        return { body: { ...this.change(id, { status }), change_id } };
      }
      if (action === '/check_out') {
        const { final_price, discount, total, cashed_in } = input as {
          final_price: number;
          discount: number;
          total: number;
          cashed_in: boolean;
        };
        return { body: this.change(id, { final_price, discount, total, cashed_in, checked_out: true }) };
      }
    }
    return this.careAnswer(method, path, body, store) ?? NOT_FOUND;
  }

  /** Issue 31 report cards (scheduling) and the customer's agreement (booking), as the gateway answers them. */
  private careAnswer(method: string, path: string, body: unknown, store: string): Answer | null {
    let m: RegExpExecArray | null;
    if ((m = new RegExp(`^${store}/appointment/([^/]+)/pet/([^/]+)/report_card$`).exec(path))) {
      const [, appointmentId, petId] = m as unknown as [string, string, string];
      const found = this.reportCards.find((c) => c.appointment_id === appointmentId && c.pet_id === petId) ?? null;
      if (method === 'GET') return { body: found };
      if (method === 'PUT') {
        const appointment = this.items.find((a) => a.id === appointmentId);
        if (!appointment) return NOT_FOUND;
        const input = body as { note: string; choice: ReportCard['choice'] };
        const now = new Date().toISOString();
        const card: ReportCard = {
          appointment_id: appointmentId,
          pet_id: petId,
          store_id: STORE,
          note: input.note,
          choice: input.choice,
          local_date: appointment.date,
          created_by: null,
          created_at: found?.created_at ?? now,
          updated_at: now,
        };
        this.reportCards = [...this.reportCards.filter((c) => c !== found), card];
        return { body: card };
      }
    }
    if (method === 'GET' && (m = new RegExp(`^${store}/pet/([^/]+)/report_card/last/([^/]+)$`).exec(path))) {
      const [, petId, before] = m as unknown as [string, string, string];
      const beforeDate = this.items.find((a) => a.id === before)?.date ?? '9999-12-31';
      const earlier = this.reportCards
        .filter((c) => c.pet_id === petId && c.appointment_id !== before && c.local_date < beforeDate)
        .sort((a, b) => b.local_date.localeCompare(a.local_date));
      return { body: earlier[0] ?? null };
    }
    if (method === 'GET' && (m = new RegExp(`^${store}/customer/([^/]+)/agreement$`).exec(path)))
      return { body: this.agreements.get(m[1] ?? '') ?? { state: 'none', current_version: null, acceptances: [] } };
    if (method === 'POST' && new RegExp(`^${store}/customer/([^/]+)/agreement/link$`).test(path)) {
      this.agreementLinks += 1;
      return { status: 201, body: { token: 'signed-token-of-the-fake-gateway', version: 2, expires_at: '2027-01-06T00:00:00.000Z' } };
    }
    return null;
  }
}
