// The demo month (issue 5): the treatments catalogue and, per store, appointments from the 1st
// of the current month to the end of next week in the store's time zone — Monday to Saturday,
// 9:00 to 18:00, 4 to 8 a day, some with two pets, the past ones mostly checked out with a final
// price, one or two declined, some confirmed, and two weekly recurring series. All through
// scheduling's RPCs as the demo owner. The plan comes from a fixed seed per store and month;
// an appointment already at its planned day and time is left alone, and a day that already
// holds other appointments (a person's, or another month's plan) is not filled again.
import {
  checkOutAppointmentRpc,
  createAppointmentRpc,
  createTreatmentRpc,
  listAppointmentRangeRpc,
  listTreatmentsRpc,
  updateAppointmentStatusRpc,
  APPOINTMENT_STATUS,
  type Appointment,
  type Pet,
  type Treatment,
} from '@pawline/contracts';
import { DemoRandom, call, inGroups, type DemoCaller, type DemoStore } from './demo-rpc';
import type { BookEntry } from './seed-crm';

const GROUP = 6;
const SEED = 5_150_911;
const OPENS = 9 * 60;
const CLOSES = 18 * 60;

/** Durations in minutes, prices in cents. */
export const DEMO_TREATMENTS = [
  { name: 'Bath & brush', default_duration: 45, default_price: 3500 },
  { name: 'Full groom', default_duration: 90, default_price: 6000 },
  { name: 'Nail trim', default_duration: 15, default_price: 1200 },
  { name: 'De-shedding', default_duration: 60, default_price: 4500 },
  { name: 'Puppy groom', default_duration: 45, default_price: 3000 },
  { name: 'Ear cleaning', default_duration: 15, default_price: 800 },
  { name: 'Hand stripping', default_duration: 120, default_price: 8000 },
  { name: 'Cat groom', default_duration: 60, default_price: 5000 },
  { name: 'Rabbit brush & nails', default_duration: 30, default_price: 1800 },
] as const;
type TreatmentName = (typeof DEMO_TREATMENTS)[number]['name'];

const APPOINTMENT_NOTES = [
  'Shorter on the ears this time.',
  'Hypoallergenic shampoo only.',
  'Drop-off at opening, pick-up after lunch.',
  'Owner will wait in the shop.',
  'Check the paw pads, owner saw redness.',
  'Taglio estivo, corto ovunque tranne la coda.',
] as const;

/** What the seed does to a planned appointment after booking it. */
type Outcome =
  | { kind: 'checkout'; finalPrice: number; discount: number; cashedIn: boolean }
  | { kind: 'declined' }
  | { kind: 'confirmed' }
  | { kind: 'none' };

export type PlannedAppointment = {
  date: string;
  hour: number;
  min: number;
  duration: number;
  price: number;
  treatmentIds: string[];
  petIds: string[];
  notes: string | null;
  recurring: { every: number; count: number } | null;
  outcome: Outcome;
};

// ---- local calendar days (strings YYYY-MM-DD, computed on UTC dates so no zone interferes)

function toDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}
function fromDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}
export function addDays(date: string, days: number): string {
  const day = toDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return fromDay(day);
}
/** 0 Sunday … 6 Saturday */
function weekday(date: string): number {
  return toDay(date).getUTCDay();
}

/** Today's date in a time zone. */
export function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The 1st of the current month to the Sunday that ends next week (weeks run Monday to Sunday). */
export function demoRange(today: string): { from: string; to: string } {
  const thisSunday = addDays(today, (7 - weekday(today)) % 7);
  return { from: `${today.slice(0, 8)}01`, to: addDays(thisSunday, 7) };
}

function yearsBetween(born: string | null, date: string): number {
  if (!born) return 5;
  const years = Number(date.slice(0, 4)) - Number(born.slice(0, 4));
  return date.slice(5) < born.slice(5) ? years - 1 : years;
}

/** The treatments one pet gets, with the minutes and cents they take for this pet. */
function treatmentsFor(random: DemoRandom, pet: Pet, date: string): { names: TreatmentName[]; minutes: number; cents: number } {
  const names: TreatmentName[] = [];
  const roll = random.next();
  if (pet.pet_type === 2) names.push(roll < 0.7 ? 'Cat groom' : 'Nail trim');
  else if (pet.pet_type === 3) names.push('Rabbit brush & nails');
  else if (yearsBetween(pet.born, date) < 1) names.push('Puppy groom');
  else if ((pet.breed === 'Miniature Schnauzer' || pet.breed === 'West Highland White Terrier') && roll < 0.3) names.push('Hand stripping');
  else if (pet.hair === 'short') names.push(roll < 0.5 ? 'Bath & brush' : roll < 0.8 ? 'De-shedding' : 'Nail trim');
  else names.push(roll < 0.55 ? 'Full groom' : roll < 0.85 ? 'Bath & brush' : 'Nail trim');
  const extra = random.next();
  if (pet.pet_type !== 3 && names[0] !== 'Nail trim' && extra < 0.2) names.push('Nail trim');
  if (pet.pet_type !== 3 && extra > 0.85) names.push('Ear cleaning');
  let minutes = 0;
  let cents = 0;
  for (const name of names) {
    const treatment = DEMO_TREATMENTS.find((t) => t.name === name);
    if (!treatment) throw new Error(`unknown demo treatment ${name}`);
    minutes += treatment.default_duration;
    cents += treatment.default_price;
  }
  // big dogs take longer and cost more for the long treatments
  if (pet.size === 'big' && names.some((n) => n === 'Full groom' || n === 'De-shedding' || n === 'Bath & brush')) {
    minutes += 30;
    cents += 1500;
  }
  return { names, minutes, cents };
}

/** The appointments of one store for the demo range, the same for the same store, month and day. */
export function planMonth(
  storeIndex: number,
  book: readonly BookEntry[],
  treatments: ReadonlyMap<string, Treatment>,
  today: string,
): PlannedAppointment[] {
  const { from, to } = demoRange(today);
  const random = new DemoRandom(SEED + storeIndex * 104_729 + Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)));
  const withPets = book.filter((entry) => entry.pets.length > 0);
  if (withPets.length === 0) return [];
  const idsOf = (names: readonly TreatmentName[]) =>
    [...new Set(names)].map((name) => {
      const treatment = treatments.get(name);
      if (!treatment) throw new Error(`the treatment "${name}" is missing`);
      return treatment.id;
    });

  // Two weekly series: every week on the first Tuesday at 17:00, every two weeks on the first Friday at 9:00.
  const firstOn = (day: number) => addDays(from, (day - weekday(from) + 7) % 7);
  const series = [
    { first: firstOn(2), every: 1, count: 8, hour: 17, min: 0 },
    { first: firstOn(5), every: 2, count: 6, hour: 9, min: 0 },
  ];
  const planned: PlannedAppointment[] = [];
  const reserved = new Map<string, { start: number; end: number }[]>();
  for (const s of series) {
    const entry = random.pick(withPets);
    const pet = entry.pets[0];
    if (!pet) continue;
    const care = treatmentsFor(random, pet, s.first);
    const duration = Math.min(care.minutes, s.hour === 17 ? 60 : 120);
    planned.push({
      date: s.first,
      hour: s.hour,
      min: s.min,
      duration,
      price: care.cents,
      treatmentIds: idsOf(care.names),
      petIds: [pet.id],
      notes: 'Regular appointment',
      recurring: { every: s.every, count: s.count },
      outcome: { kind: 'none' },
    });
    for (let i = 0; i < s.count; i += 1) {
      const date = addDays(s.first, i * 7 * s.every);
      const start = s.hour * 60 + s.min;
      reserved.set(date, [...(reserved.get(date) ?? []), { start, end: start + duration }]);
    }
  }

  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (weekday(date) === 0) continue; // closed on Sunday
    const blocks = reserved.get(date) ?? [];
    const opens = Math.max(OPENS, ...blocks.filter((b) => b.start === OPENS).map((b) => b.end));
    const closes = Math.min(CLOSES, ...blocks.filter((b) => b.start > OPENS).map((b) => b.start));
    const wanted = random.int(4, 8);
    let cursor = opens;
    for (let n = 0; n < wanted; n += 1) {
      const entry = random.pick(withPets);
      const two = entry.pets.length >= 2 && random.chance(0.25);
      const pets = two ? entry.pets.slice(0, 2) : [random.pick(entry.pets)];
      let care = pets.map((pet) => treatmentsFor(random, pet, date));
      let minutes = care.reduce((sum, c) => sum + c.minutes, 0);
      const gap = random.pick([0, 0, 15, 30]);
      const rolls = { outcome: random.next(), extra: random.next(), discount: random.next(), notes: random.next(), note: random.next() };
      // The day is nearly full: a quick nail trim still fits, or the day ends here.
      if (cursor + gap + minutes > closes) {
        const first = pets[0];
        if (!first || first.pet_type === 3 || cursor + 15 > closes) break;
        pets.splice(1);
        care = [{ names: ['Nail trim'], minutes: 15, cents: 1200 }];
        minutes = 15;
      }
      const start = cursor + gap + minutes <= closes ? cursor + gap : cursor;
      cursor = start + minutes;
      const price = care.reduce((sum, c) => sum + c.cents, 0);
      let outcome: Outcome = { kind: 'none' };
      if (date < today && rolls.outcome < 0.85) {
        // a matted coat or an extra brushing costs more than estimated; regulars get a small discount
        const finalPrice = price + (rolls.extra < 0.2 ? 500 : 0);
        outcome = {
          kind: 'checkout',
          finalPrice,
          discount: rolls.discount < 0.1 ? Math.min(500, finalPrice) : 0,
          cashedIn: rolls.extra > 0.05,
        };
      } else if (date > today && date > addDays(to, -7) && rolls.outcome < 0.4) {
        outcome = { kind: 'confirmed' };
      }
      planned.push({
        date,
        hour: Math.floor(start / 60),
        min: start % 60,
        duration: minutes,
        price,
        treatmentIds: idsOf(care.flatMap((c) => c.names)),
        petIds: pets.map((p) => p.id),
        notes: rolls.notes < 0.15 ? (APPOINTMENT_NOTES[Math.floor(rolls.note * APPOINTMENT_NOTES.length)] ?? null) : null,
        recurring: null,
        outcome,
      });
    }
  }

  // One or two customers declined an appointment of next week.
  const nextWeek = planned.filter((p) => p.recurring === null && p.date > addDays(to, -7));
  const declines = random.int(1, 2);
  for (let i = 0; i < declines && nextWeek.length > 0; i += 1) {
    const [target] = nextWeek.splice(random.int(0, nextWeek.length - 1), 1);
    if (target) target.outcome = { kind: 'declined' };
  }
  return planned.sort((a, b) => a.date.localeCompare(b.date) || a.hour - b.hour || a.min - b.min);
}

export type CalendarSeedResult = { treatmentsCreated: number; appointmentsCreated: number; outcomesApplied: number };

async function seedTreatments(caller: DemoCaller): Promise<{ byName: Map<string, Treatment>; created: number }> {
  const existing = await call(caller, listTreatmentsRpc, { orga_id: caller.orgaId, include_archived: true });
  const byName = new Map(existing.map((t) => [t.name, t]));
  const missing = DEMO_TREATMENTS.filter((t) => !byName.has(t.name));
  const created = await inGroups(missing, GROUP, (t) => call(caller, createTreatmentRpc, { orga_id: caller.orgaId, ...t }));
  for (const t of created) byName.set(t.name, t);
  return { byName, created: created.length };
}

const slotKey = (date: string, hour: number, min: number) => `${date} ${hour}:${min}`;

function dateParts(from: string, to: string): { y: number; m: number; d: number; y2: number; m2: number; d2: number } {
  const [y, m, d] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  if (!y || !m || !d || !y2 || !m2 || !d2) throw new Error(`bad demo range ${from}…${to}`);
  return { y, m, d, y2, m2, d2 };
}

/** Seeds the treatments and each store's month; `books` are seed-crm's customers and pets per store id. */
export async function seedCalendar(
  caller: DemoCaller,
  stores: readonly DemoStore[],
  books: ReadonlyMap<string, BookEntry[]>,
  now: Date,
): Promise<CalendarSeedResult> {
  const treatments = await seedTreatments(caller);
  let appointmentsCreated = 0;
  let outcomesApplied = 0;
  for (const [storeIndex, store] of stores.entries()) {
    const today = localToday(now, store.timeZone);
    const { from, to } = demoRange(today);
    const plan = planMonth(storeIndex, books.get(store.id) ?? [], treatments.byName, today);
    const scope = { orga_id: caller.orgaId, store_id: store.id };
    const existing = (await call(caller, listAppointmentRangeRpc, { ...scope, ...dateParts(from, to) })).items;
    const bySlot = new Map<string, Appointment>(existing.map((a) => [slotKey(a.date, a.hour, a.min), a]));
    // A day that already holds appointments none of which this plan made is left as it is.
    const plannedSlots = new Set(plan.map((p) => slotKey(p.date, p.hour, p.min)));
    const foreignDays = new Set(
      existing
        .filter((a) => a.recurring_group_id === null)
        .map((a) => a.date)
        .filter((date) => !existing.some((a) => a.date === date && plannedSlots.has(slotKey(a.date, a.hour, a.min)))),
    );
    const todo = plan.filter((p) => !bySlot.has(slotKey(p.date, p.hour, p.min)) && (p.recurring !== null || !foreignDays.has(p.date)));
    const created = await inGroups(todo, GROUP, (p) =>
      call(caller, createAppointmentRpc, {
        ...scope,
        appointment: {
          date: p.date,
          hour: p.hour,
          min: p.min,
          duration: p.duration,
          price: p.price,
          notes: p.notes,
          treatment_ids: p.treatmentIds,
          pet_ids: p.petIds,
        },
        recurring: p.recurring ? { unit: 'week', every: p.recurring.every, count: p.recurring.count } : null,
      }),
    );
    for (const list of created) {
      for (const a of list.items) if (!bySlot.has(slotKey(a.date, a.hour, a.min))) bySlot.set(slotKey(a.date, a.hour, a.min), a);
    }
    appointmentsCreated += created.reduce((sum, list) => sum + list.items.length, 0);

    // Check-outs, declines and confirmations the rows do not show yet.
    const changes = plan.flatMap((p) => {
      const row = bySlot.get(slotKey(p.date, p.hour, p.min));
      if (!row || row.recurring_group_id !== null || foreignDays.has(p.date)) return [];
      const o = p.outcome;
      if (o.kind === 'checkout' && !row.checked_out && row.status !== APPOINTMENT_STATUS.declined_by_customer) {
        return [
          () =>
            call(caller, checkOutAppointmentRpc, {
              ...scope,
              appointment_id: row.id,
              final_price: o.finalPrice,
              discount: o.discount,
              cashed_in: o.cashedIn,
            }),
        ];
      }
      if (o.kind === 'declined' && row.status !== APPOINTMENT_STATUS.declined_by_customer && !row.checked_out) {
        return [
          () =>
            call(caller, updateAppointmentStatusRpc, { ...scope, appointment_id: row.id, status: APPOINTMENT_STATUS.declined_by_customer }),
        ];
      }
      if (o.kind === 'confirmed' && row.status === APPOINTMENT_STATUS.booked && !row.checked_out) {
        return [
          () =>
            call(caller, updateAppointmentStatusRpc, {
              ...scope,
              appointment_id: row.id,
              status: APPOINTMENT_STATUS.confirmed_by_customer,
            }),
        ];
      }
      return [];
    });
    await inGroups(changes, GROUP, (change) => change());
    outcomesApplied += changes.length;
    caller.log(
      `${store.name}: ${created.length} appointments booked (${appointmentsCreated} rows so far), ${changes.length} checked out or answered, ${from} to ${to}`,
    );
  }
  if (treatments.created > 0) caller.log(`${treatments.created} treatments added`);
  return { treatmentsCreated: treatments.created, appointmentsCreated, outcomesApplied };
}
