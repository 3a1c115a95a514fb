import { ANALYSIS_BUCKETS, ANALYSIS_PERIODS, APPOINTMENT_STATUS, type AnalysisBucket, type AnalysisPeriod } from '@pawline/contracts';
import { addDays, formatLocalDate, parseLocalDate, type LocalDate } from '../time/local-time';

// Statistics (spec §1, R1.12): the pure rules of analytics' read model. The service keeps one row of
// facts per appointment (from scheduling's snapshots) and daily counters derived from those facts; a
// change of an appointment moves the counters by contribution(new) − contribution(old), so replaying
// an event twice, or in any order of versions, leaves the same counters (the newest version wins).

/** A customer whose last visit is this many days behind counts as lost on that day. */
export const LOST_AFTER_DAYS = 180;

export { ANALYSIS_BUCKETS, ANALYSIS_PERIODS, type AnalysisBucket, type AnalysisPeriod };

/** What analytics keeps of one appointment; `date` null: known only from a booking (no snapshot yet). */
export type AppointmentFacts = {
  id: string;
  orga_id: string;
  store_id: string;
  date: string | null;
  hour: number;
  user_id: string | null;
  duration: number;
  status: number;
  checked_out: boolean;
  net_cents: number;
  treatment_ids: readonly string[];
  pet_ids: readonly string[];
  customer_id: string | null;
  from_booking: boolean;
  deleted: boolean;
};

/** The money of a checked-out appointment, net of its discount (R1.12 revenue); 0 before check-out. */
export function netCents(money: {
  checked_out?: boolean;
  price?: number;
  discount?: number;
  final_price?: number | null;
  total?: number | null;
}): number {
  if (!money.checked_out) return 0;
  if (money.total !== null && money.total !== undefined) return Math.max(0, money.total);
  const gross = money.final_price ?? money.price ?? 0;
  return Math.max(0, gross - (money.discount ?? 0));
}

/** Cells of the daily counters: `kind` names what is counted, `key` a treatment, a staff member or an hour. */
export const STAT_KINDS = [
  'appointments',
  'declined',
  /** the customer did not come (issue 26): neither an appointment held nor a visit */
  'no_show',
  'confirmed',
  'done',
  'booked',
  'visits',
  'hour',
  'treatment',
  'staff',
  /** distinct customers of a day, and of a month (on its 1st): kept by the service as customers' visit rows come and go */
  'customers',
  'customers_month',
] as const;
export type StatKind = (typeof STAT_KINDS)[number];

export type StatCell = {
  orga_id: string;
  store_id: string;
  day: string;
  kind: StatKind;
  key: string;
  /** appointments (or visits) */
  count: number;
  /** revenue in cents for done and treatment, booked minutes for staff, else 0 */
  amount: number;
};

export type VisitCell = { orga_id: string; store_id: string; day: string; customer_id: string; visits: number };

export type Contribution = { cells: StatCell[]; visits: VisitCell[] };

/** Revenue of one appointment shared between its treatments in whole cents; the first ones take the remainder. */
export function splitCents(cents: number, parts: number): number[] {
  if (parts <= 0) return [];
  const base = Math.floor(cents / parts);
  const rest = cents - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < rest ? 1 : 0));
}

/** What one appointment adds to the counters (nothing once deleted or before its day is known). */
export function contributionOf(facts: AppointmentFacts | null): Contribution {
  if (!facts || facts.deleted || facts.date === null) return { cells: [], visits: [] };
  const { orga_id, store_id, date: day } = facts;
  const cell = (kind: StatKind, key: string, count: number, amount = 0): StatCell => ({ orga_id, store_id, day, kind, key, count, amount });
  if (facts.status === APPOINTMENT_STATUS.declined_by_customer) return { cells: [cell('declined', '', 1)], visits: [] };
  if (facts.status === APPOINTMENT_STATUS.no_show) return { cells: [cell('no_show', '', 1)], visits: [] };
  const cells: StatCell[] = [cell('appointments', '', 1), cell('hour', String(facts.hour), 1)];
  if (facts.status === APPOINTMENT_STATUS.confirmed_by_customer) cells.push(cell('confirmed', '', 1));
  if (facts.checked_out) cells.push(cell('done', '', 1, facts.net_cents));
  if (facts.from_booking) cells.push(cell('booked', '', 1));
  const shares = splitCents(facts.checked_out ? facts.net_cents : 0, facts.treatment_ids.length);
  facts.treatment_ids.forEach((treatment, index) => cells.push(cell('treatment', treatment, 1, shares[index] ?? 0)));
  cells.push(cell('staff', facts.user_id ?? '', 1, facts.duration));
  if (!facts.customer_id) return { cells, visits: [] };
  cells.push(cell('visits', '', 1));
  return { cells, visits: [{ orga_id, store_id, day, customer_id: facts.customer_id, visits: 1 }] };
}

const cellKey = (c: StatCell) => `${c.store_id}|${c.day}|${c.kind}|${c.key}`;
const visitKey = (v: VisitCell) => `${v.store_id}|${v.day}|${v.customer_id}`;

/** Adds contributions with signs into one set of deltas, dropping the cells that cancel out. */
export class ContributionSum {
  private readonly cells = new Map<string, StatCell>();
  private readonly visits = new Map<string, VisitCell>();

  add(contribution: Contribution, sign: 1 | -1 = 1): this {
    for (const c of contribution.cells) {
      const key = cellKey(c);
      const found = this.cells.get(key);
      if (found) {
        found.count += sign * c.count;
        found.amount += sign * c.amount;
      } else this.cells.set(key, { ...c, count: sign * c.count, amount: sign * c.amount });
    }
    for (const v of contribution.visits) {
      const key = visitKey(v);
      const found = this.visits.get(key);
      if (found) found.visits += sign * v.visits;
      else this.visits.set(key, { ...v, visits: sign * v.visits });
    }
    return this;
  }

  /** contribution(next) − contribution(previous) */
  change(previous: AppointmentFacts | null, next: AppointmentFacts | null): this {
    return this.add(contributionOf(previous), -1).add(contributionOf(next), 1);
  }

  result(): Contribution {
    return {
      cells: [...this.cells.values()].filter((c) => c.count !== 0 || c.amount !== 0),
      visits: [...this.visits.values()].filter((v) => v.visits !== 0),
    };
  }
}

/** The snapshot scheduling publishes, as far as analytics reads it. */
export type AppointmentSnapshotFacts = {
  id: string;
  date: string;
  hour: number;
  status: number;
  pet_ids: readonly string[];
  user_id?: string | null;
  starts_at: string;
  ends_at?: string;
  duration?: number;
  price?: number;
  discount?: number;
  final_price?: number | null;
  total?: number | null;
  checked_out?: boolean;
  treatment_ids?: readonly string[];
};

/** The owner of the first pet whose owner is known: the appointment's customer. */
export function customerOf(petIds: readonly string[], ownerOf: (petId: string) => string | undefined): string | null {
  for (const pet of petIds) {
    const owner = ownerOf(pet);
    if (owner) return owner;
  }
  return null;
}

/** The facts of a snapshot, keeping what only analytics knows (the booking mark) from the previous facts. */
export function factsOfSnapshot(
  scope: { orga_id: string; store_id: string },
  snapshot: AppointmentSnapshotFacts,
  previous: AppointmentFacts | null,
  ownerOf: (petId: string) => string | undefined,
): AppointmentFacts {
  const minutes =
    snapshot.duration ??
    (snapshot.ends_at ? Math.max(0, Math.round((Date.parse(snapshot.ends_at) - Date.parse(snapshot.starts_at)) / 60_000)) : 0);
  return {
    id: snapshot.id,
    orga_id: scope.orga_id,
    store_id: scope.store_id,
    date: snapshot.date,
    hour: snapshot.hour,
    user_id: snapshot.user_id ?? null,
    duration: minutes,
    status: snapshot.status,
    checked_out: snapshot.checked_out ?? false,
    net_cents: netCents(snapshot),
    treatment_ids: [...(snapshot.treatment_ids ?? [])],
    pet_ids: [...snapshot.pet_ids],
    customer_id: customerOf(snapshot.pet_ids, ownerOf),
    from_booking: previous?.from_booking ?? false,
    deleted: false,
  };
}

/** An appointment known so far only as an accepted booking request (R1.12 booking share). */
export function bookedPlaceholder(scope: { orga_id: string; store_id: string; id: string }): AppointmentFacts {
  return {
    ...scope,
    date: null,
    hour: 0,
    user_id: null,
    duration: 0,
    status: 0,
    checked_out: false,
    net_cents: 0,
    treatment_ids: [],
    pet_ids: [],
    customer_id: null,
    from_booking: true,
    deleted: false,
  };
}

export type PeriodRange = { from: string; to: string; buckets: string[] };

/** The day or month a day is counted in: 'YYYY-MM-DD' or 'YYYY-MM-01'. */
export function bucketOf(day: string, bucket: AnalysisBucket): string {
  return bucket === 'day' ? day : `${day.slice(0, 7)}-01`;
}

/**
 * R1.12 the days of a period in the store's calendar, ending today (the store's today): the last 7 or
 * 30 days, or the last 12 months (this month and the 11 before, from the 1st); its buckets, in order.
 */
export function periodRange(period: AnalysisPeriod, bucket: AnalysisBucket, today: LocalDate): PeriodRange {
  const to = formatLocalDate(today);
  const from = period === '12m' ? formatLocalDate(monthStart(today, -11)) : formatLocalDate(addDays(today, period === '7d' ? -6 : -29));
  const buckets: string[] = [];
  if (bucket === 'day') {
    for (let day = parseLocalDate(from); formatLocalDate(day) <= to; day = addDays(day, 1)) buckets.push(formatLocalDate(day));
  } else {
    for (let month = monthStart(parseLocalDate(from), 0); formatLocalDate(month) <= to; month = monthStart(month, 1))
      buckets.push(formatLocalDate(month));
  }
  return { from, to, buckets };
}

function monthStart(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** A series over every bucket of the range, zero where nothing was counted. */
export function fillSeries<T extends { bucket: string }>(
  buckets: readonly string[],
  rows: readonly T[],
  empty: (bucket: string) => T,
): T[] {
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return buckets.map((bucket) => byBucket.get(bucket) ?? empty(bucket));
}

/** Average ticket in cents: revenue over checked-out appointments, 0 when none. */
export function averageTicketCents(revenueCents: number, checkedOut: number): number {
  return checkedOut > 0 ? Math.round(revenueCents / checkedOut) : 0;
}

/** A share in percent with one decimal (0 of nothing is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** Visits per customer with two decimals. */
export function visitsPerCustomer(visits: number, customers: number): number {
  return customers > 0 ? Math.round((visits / customers) * 100) / 100 : 0;
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const { year, month, day: d } = parseLocalDate(day);
  const weekday = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}
