import { Injectable } from '@nestjs/common';
import type { CustomerStatistics, OrgaStatistics, SalonStatistics } from '@pawline/contracts';
import {
  LOST_AFTER_DAYS,
  addDays,
  averageTicketCents,
  formatLocalDate,
  fillSeries,
  instantToLocal,
  percentOf,
  parseLocalDate,
  periodRange,
  utilisationPercent,
  visitsPerCustomer,
  workingMinutes,
  type AnalysisBucket,
  type MomentKind,
  type WorkRule,
  type AnalysisPeriod,
  type PeriodRange,
} from '@pawline/domain';
import { DataSource } from 'typeorm';

export type PeriodQuery = { period: AnalysisPeriod; bucket: AnalysisBucket };

type Grouped = { kind: string; key: string; bucket: string; count: string; amount: string };
type MomentRow = { bucket: string; kind: MomentKind; count: string; amount: string };
type WorkRuleRow = {
  user_id: string | null;
  kind: 'open' | 'closed';
  weekday: number | null;
  start_date: string | null;
  end_date: string | null;
  start_sec: number;
  end_sec: number;
  created_at: Date;
  deleted_at: Date | null;
};

const REMINDER_KINDS: MomentKind[] = ['reminder_sent', 'reminder_read', 'reminder_confirmed', 'reminder_declined'];
const CAMPAIGN_KINDS: MomentKind[] = [
  'campaign_sent',
  'campaign_msg_sent',
  'campaign_msg_read',
  'campaign_confirmed',
  'campaign_unsubscribed',
];

/** Every local day of a range, first to last. */
function daysOf(range: PeriodRange): string[] {
  const days: string[] = [];
  for (let day = parseLocalDate(range.from); formatLocalDate(day) <= range.to; day = addDays(day, 1)) days.push(formatLocalDate(day));
  return days;
}

/** R1.12 the store's (or organization's) calendar: the period ends on its today. */
export function rangeIn(query: PeriodQuery, timeZone: string, now = Date.now()): PeriodRange {
  const today = instantToLocal(now, timeZone);
  return periodRange(query.period, query.bucket, today);
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Reads the counters of analytics' read model (docs/adr/0034); every query is a range of one store's or organization's days. */
/**
 * Rows by bucket and kind, looked up in constant time: a period's buckets times its kinds (12 months by day is
 * 365 × 10) searched with find over every row had made the pages' Node time quadratic (30 ms of a 45 ms page).
 * Each bucket and kind is one row (the queries group by both).
 */
function lookupByBucketAndKind<R extends { bucket: string; kind: string }>(
  rows: readonly R[],
): (bucket: string, kind: string) => R | undefined {
  const index = new Map(rows.map((row) => [`${row.bucket}\u0000${row.kind}`, row]));
  return (bucket, kind) => index.get(`${bucket}\u0000${kind}`);
}

@Injectable()
export class StatisticsService {
  constructor(private readonly db: DataSource) {}

  /** R1.12 salon statistics: appointments, revenue, average ticket, busiest days and hours, treatments, staff. */
  async salon(storeId: string, query: PeriodQuery, timeZone: string, now?: number): Promise<SalonStatistics> {
    const range = rangeIn(query, timeZone, now);
    const rows = await this.grouped(
      'store_id',
      storeId,
      range,
      query.bucket,
      ['appointments', 'done', 'declined', 'no_show'],
      ['hour', 'treatment', 'staff'],
    );
    const perBucket = this.byBucket(rows);
    const series = fillSeries(
      range.buckets,
      [...perBucket.entries()].map(([bucket, kinds]) => ({
        bucket,
        appointments: kinds.get('appointments')?.count ?? 0,
        checked_out: kinds.get('done')?.count ?? 0,
        revenue_cents: kinds.get('done')?.amount ?? 0,
      })),
      (bucket) => ({ bucket, appointments: 0, checked_out: 0, revenue_cents: 0 }),
    );
    const total = (field: 'appointments' | 'checked_out' | 'revenue_cents') => series.reduce((sum, row) => sum + row[field], 0);
    const declined = rows.filter((r) => r.kind === 'declined').reduce((sum, r) => sum + num(r.count), 0);
    const noShows = rows.filter((r) => r.kind === 'no_show').reduce((sum, r) => sum + num(r.count), 0);
    const across = (kind: string) => rows.filter((r) => r.kind === kind && r.bucket === '');
    const weekdayRows = across('weekday');
    const weekdays = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      appointments: num(weekdayRows.find((r) => Number(r.key) === weekday)?.count),
    }));
    const hours = across('hour')
      .map((r) => ({ hour: Number(r.key), appointments: num(r.count) }))
      .sort((a, b) => a.hour - b.hour);
    const treatments = across('treatment')
      .map((r) => ({ treatment_id: r.key, appointments: num(r.count), revenue_cents: num(r.amount) }))
      .sort((a, b) => b.appointments - a.appointments || a.treatment_id.localeCompare(b.treatment_id));
    const staffRows = across('staff');
    const allMinutes = staffRows.reduce((sum, r) => sum + num(r.amount), 0);
    const [working, moments] = await Promise.all([
      this.workingMinutes(storeId, range, timeZone),
      this.moments(storeId, range, query.bucket, timeZone, [...REMINDER_KINDS, ...CAMPAIGN_KINDS]),
    ]);
    // staff who had working hours but no appointment are idle, not missing
    const idle = [...working.keys()].filter((user) => !staffRows.some((r) => r.key === user));
    const staff = [
      ...staffRows.map((r) => ({ key: r.key, count: num(r.count), amount: num(r.amount) })),
      ...idle.map((key) => ({ key, count: 0, amount: 0 })),
    ]
      .map((r) => ({
        user_id: r.key === '' ? null : r.key,
        appointments: r.count,
        minutes: r.amount,
        share_percent: percentOf(r.amount, allMinutes),
        working_minutes: r.key === '' ? null : (working.get(r.key) ?? null),
        utilisation_percent: r.key === '' ? null : utilisationPercent(r.amount, working.get(r.key)),
      }))
      .sort((a, b) => b.minutes - a.minutes || (a.user_id ?? '').localeCompare(b.user_id ?? ''));
    return {
      period: query.period,
      bucket: query.bucket,
      from: range.from,
      to: range.to,
      time_zone: timeZone,
      totals: {
        appointments: total('appointments'),
        checked_out: total('checked_out'),
        declined,
        no_shows: noShows,
        revenue_cents: total('revenue_cents'),
        average_ticket_cents: averageTicketCents(total('revenue_cents'), total('checked_out')),
      },
      series,
      weekdays,
      hours,
      treatments,
      staff,
      ...this.engagementOf(range, moments),
    };
  }

  /** R1.12 reminders sent, read and answered, and campaigns' results, per bucket of the period. */
  private engagementOf(range: PeriodRange, rows: MomentRow[]): Pick<SalonStatistics, 'reminders' | 'campaigns'> {
    const row = lookupByBucketAndKind(rows);
    const of = (bucket: string, kind: MomentKind, field: 'count' | 'amount' = 'count') => num(row(bucket, kind)?.[field]);
    const reminderSeries = range.buckets.map((bucket) => ({
      bucket,
      sent: of(bucket, 'reminder_sent'),
      read: of(bucket, 'reminder_read'),
      confirmed: of(bucket, 'reminder_confirmed'),
      declined: of(bucket, 'reminder_declined'),
    }));
    const campaignSeries = range.buckets.map((bucket) => ({
      bucket,
      campaigns: of(bucket, 'campaign_sent'),
      messages: of(bucket, 'campaign_msg_sent'),
      read: of(bucket, 'campaign_msg_read'),
      confirmed: of(bucket, 'campaign_confirmed'),
      unsubscribed: of(bucket, 'campaign_unsubscribed'),
    }));
    const sum = <R, K extends keyof R>(series: R[], field: K) => series.reduce((total, row) => total + Number(row[field]), 0);
    return {
      reminders: {
        totals: {
          sent: sum(reminderSeries, 'sent'),
          read: sum(reminderSeries, 'read'),
          confirmed: sum(reminderSeries, 'confirmed'),
          declined: sum(reminderSeries, 'declined'),
        },
        series: reminderSeries,
      },
      campaigns: {
        totals: {
          campaigns: sum(campaignSeries, 'campaigns'),
          customers: range.buckets.reduce((total, bucket) => total + of(bucket, 'campaign_sent', 'amount'), 0),
          messages: sum(campaignSeries, 'messages'),
          read: sum(campaignSeries, 'read'),
          confirmed: sum(campaignSeries, 'confirmed'),
          unsubscribed: sum(campaignSeries, 'unsubscribed'),
        },
        series: campaignSeries,
      },
    };
  }

  /**
   * Moment counters of a store's period by bucket: the slots (UTC quarters of an hour) from the store's first
   * local midnight of the period to the one after its last day, grouped by the store's local day or month.
   */
  private moments(
    storeId: string,
    range: PeriodRange,
    bucket: AnalysisBucket,
    timeZone: string,
    kinds: MomentKind[],
  ): Promise<MomentRow[]> {
    const unit = bucket === 'day' ? 'day' : 'month';
    return this.db.query<MomentRow[]>(
      `SELECT to_char(date_trunc('${unit}', slot AT TIME ZONE $4), 'YYYY-MM-DD') AS bucket, kind, sum(count) AS count, sum(amount) AS amount
         FROM moment_cell
        WHERE store_id = $1 AND slot >= ($2::date::timestamp AT TIME ZONE $4) AND slot < (($3::date + 1)::timestamp AT TIME ZONE $4)
          AND kind = ANY($5::varchar[])
        GROUP BY 1, 2`,
      [storeId, range.from, range.to, timeZone, kinds],
    );
  }

  /** R1.12 each staff member's working minutes in the period, from the store's booking rules in force on its days. */
  private async workingMinutes(storeId: string, range: PeriodRange, timeZone: string): Promise<Map<string, number>> {
    const rows = await this.db.query<WorkRuleRow[]>(
      `SELECT user_id, kind, weekday, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
              start_sec, end_sec, created_at, deleted_at
         FROM work_rule WHERE store_id = $1 AND (deleted_at IS NULL OR deleted_at >= ($2::date::timestamp AT TIME ZONE $3))`,
      [storeId, range.from, timeZone],
    );
    const localDay = (at: Date) => formatLocalDate(instantToLocal(at.getTime(), timeZone));
    const rules: WorkRule[] = rows.map((r) => ({
      user_id: r.user_id,
      kind: r.kind,
      weekday: r.weekday,
      start_date: r.start_date,
      end_date: r.end_date,
      start: r.start_sec,
      end: r.end_sec,
      from_day: localDay(r.created_at),
      until_day: r.deleted_at ? localDay(r.deleted_at) : null,
    }));
    return workingMinutes(rules, daysOf(range));
  }

  /** R1.12 customer statistics: new, returning and lost customers, visits, reminder replies, booking share. */
  async customers(storeId: string, query: PeriodQuery, timeZone: string, now?: number): Promise<CustomerStatistics> {
    const range = rangeIn(query, timeZone, now);
    const unit = query.bucket === 'day' ? 'day' : 'month';
    const [rows, answers, newPerBucket, [counts]] = await Promise.all([
      this.grouped('store_id', storeId, range, query.bucket, ['appointments', 'visits', 'booked'], []),
      this.moments(storeId, range, query.bucket, timeZone, ['reminder_confirmed', 'reminder_declined']),
      this.db.query<{ bucket: string; n: string }[]>(
        `SELECT to_char(date_trunc('${unit}', first_day), 'YYYY-MM-DD') AS bucket, count(*) AS n
           FROM customer_span WHERE store_id = $1 AND first_day BETWEEN $2 AND $3 GROUP BY 1`,
        [storeId, range.from, range.to],
      ),
      this.db.query<{ customers: string; lost: string }[]>(
        `SELECT (SELECT count(*) FROM (${this.visitors('store_id')}) v) AS customers,
                (SELECT count(*) FROM customer_span WHERE store_id = $1
                    AND last_day BETWEEN $2::date - ${LOST_AFTER_DAYS} AND $3::date - ${LOST_AFTER_DAYS}) AS lost`,
        [storeId, range.from, range.to],
      ),
    ]);
    const perBucket = this.byBucket(rows);
    const newOf = new Map(newPerBucket.map((r) => [r.bucket, num(r.n)]));
    const answer = lookupByBucketAndKind(answers);
    const series = range.buckets.map((bucket) => {
      const kinds = perBucket.get(bucket);
      return {
        bucket,
        customers: 0,
        new_customers: newOf.get(bucket) ?? 0,
        visits: kinds?.get('visits')?.count ?? 0,
        // customers' answers to reminders, when given (docs/adr/0034), not statuses staff set
        reminders_confirmed: num(answer(bucket, 'reminder_confirmed')?.count),
        reminders_declined: num(answer(bucket, 'reminder_declined')?.count),
        booked_appointments: kinds?.get('booked')?.count ?? 0,
      };
    });
    const perBucketCustomers = await this.customersPerBucket(storeId, range, query);
    for (const row of series) row.customers = perBucketCustomers.get(row.bucket) ?? 0;
    const sum = (field: keyof (typeof series)[number]) => series.reduce((total, row) => total + Number(row[field]), 0);
    const appointments = rows.filter((r) => r.kind === 'appointments').reduce((total, r) => total + num(r.count), 0);
    const customers = num(counts?.customers);
    const newCustomers = sum('new_customers');
    return {
      period: query.period,
      bucket: query.bucket,
      from: range.from,
      to: range.to,
      time_zone: timeZone,
      totals: {
        customers,
        new_customers: newCustomers,
        returning_customers: Math.max(0, customers - newCustomers),
        lost_customers: num(counts?.lost),
        visits: sum('visits'),
        visits_per_customer: visitsPerCustomer(sum('visits'), customers),
        reminders_confirmed: sum('reminders_confirmed'),
        reminders_declined: sum('reminders_declined'),
        booked_appointments: sum('booked_appointments'),
        booking_share_percent: percentOf(sum('booked_appointments'), appointments),
      },
      series,
      lost_after_days: LOST_AFTER_DAYS,
    };
  }

  /** R1.12 R2.02 the organization's statistics: its stores together and each store. */
  async orga(orgaId: string, query: PeriodQuery, timeZone: string, now?: number): Promise<OrgaStatistics> {
    const range = rangeIn(query, timeZone, now);
    const unit = query.bucket === 'day' ? 'day' : 'month';
    const [seriesRows, storeRows, customerRows, momentRows] = await Promise.all([
      this.db.query<{ bucket: string; kind: string; count: string; amount: string }[]>(
        `SELECT to_char(date_trunc('${unit}', day), 'YYYY-MM-DD') AS bucket, kind, sum(count) AS count, sum(amount) AS amount
           FROM stat_cell WHERE orga_id = $1 AND day BETWEEN $2 AND $3 AND kind IN ('appointments', 'done')
          GROUP BY 1, 2`,
        [orgaId, range.from, range.to],
      ),
      this.db.query<{ store_id: string; kind: string; count: string; amount: string }[]>(
        `SELECT store_id, kind, sum(count) AS count, sum(amount) AS amount
           FROM stat_cell WHERE orga_id = $1 AND day BETWEEN $2 AND $3 AND kind IN ('appointments', 'done')
          GROUP BY 1, 2`,
        [orgaId, range.from, range.to],
      ),
      this.db.query<{ store_id: string | null; customers: string }[]>(
        `SELECT store_id, count(DISTINCT customer_id) AS customers FROM (${this.visitors('orga_id')}) v
          GROUP BY GROUPING SETS ((store_id), ())`,
        [orgaId, range.from, range.to],
      ),
      this.orgaMoments(orgaId, range, query.bucket, timeZone),
    ]);
    const engagement = this.engagementOf(
      range,
      momentRows.filter((r) => r.store_id === null),
    );
    const seriesRow = lookupByBucketAndKind(seriesRows);
    const series = fillSeries(
      range.buckets,
      range.buckets
        .map((bucket) => ({
          bucket,
          appointments: num(seriesRow(bucket, 'appointments')?.count),
          revenue_cents: num(seriesRow(bucket, 'done')?.amount),
        }))
        .filter((row) => row.appointments !== 0 || row.revenue_cents !== 0),
      (bucket) => ({ bucket, appointments: 0, revenue_cents: 0 }),
    );
    const storeIds = [
      ...new Set([
        ...storeRows.map((r) => r.store_id),
        ...customerRows.flatMap((r) => (r.store_id ? [r.store_id] : [])),
        ...momentRows.flatMap((r) => (r.store_id ? [r.store_id] : [])),
      ]),
    ].sort();
    const stores = storeIds.map((store_id) => {
      const of = (kind: string) => storeRows.find((r) => r.store_id === store_id && r.kind === kind);
      const checkedOut = num(of('done')?.count);
      const revenue = num(of('done')?.amount);
      return {
        store_id,
        appointments: num(of('appointments')?.count),
        checked_out: checkedOut,
        revenue_cents: revenue,
        average_ticket_cents: averageTicketCents(revenue, checkedOut),
        customers: num(customerRows.find((r) => r.store_id === store_id)?.customers),
        ...this.storeEngagementOf(momentRows.filter((r) => r.store_id === store_id)),
      };
    });
    const checkedOut = stores.reduce((sum, s) => sum + s.checked_out, 0);
    const revenue = stores.reduce((sum, s) => sum + s.revenue_cents, 0);
    return {
      period: query.period,
      bucket: query.bucket,
      from: range.from,
      to: range.to,
      time_zone: timeZone,
      totals: {
        appointments: stores.reduce((sum, s) => sum + s.appointments, 0),
        checked_out: checkedOut,
        revenue_cents: revenue,
        average_ticket_cents: averageTicketCents(revenue, checkedOut),
        customers: num(customerRows.find((r) => r.store_id === null)?.customers),
      },
      series,
      stores,
      ...engagement,
    };
  }

  /** R1.12 one store's reminders and campaigns over the whole period (its rows of orgaMoments). */
  private storeEngagementOf(rows: MomentRow[]): Pick<OrgaStatistics['stores'][number], 'reminders' | 'campaigns'> {
    const of = (kind: MomentKind, field: 'count' | 'amount' = 'count') =>
      rows.filter((r) => r.kind === kind).reduce((total, r) => total + num(r[field]), 0);
    return {
      reminders: {
        sent: of('reminder_sent'),
        read: of('reminder_read'),
        confirmed: of('reminder_confirmed'),
        declined: of('reminder_declined'),
      },
      campaigns: {
        campaigns: of('campaign_sent'),
        customers: of('campaign_sent', 'amount'),
        messages: of('campaign_msg_sent'),
        read: of('campaign_msg_read'),
        confirmed: of('campaign_confirmed'),
        unsubscribed: of('campaign_unsubscribed'),
      },
    };
  }

  /**
   * Moment counters of an organization's period in one round trip, from the organization's first local
   * midnight of the period to the one after its last day (its calendar, as the rest of its page): by bucket
   * of all its stores together (store_id null), and by store over the whole period (bucket '').
   * Range of the index (orga_id, slot).
   */
  private orgaMoments(
    orgaId: string,
    range: PeriodRange,
    bucket: AnalysisBucket,
    timeZone: string,
  ): Promise<(MomentRow & { store_id: string | null })[]> {
    const unit = bucket === 'day' ? 'day' : 'month';
    // per store, local day and kind first (hashed), then the two groupings of those few rows: grouping sets straight
    // over the slots sort a year's ~90,000 of them
    return this.db.query<(MomentRow & { store_id: string | null })[]>(
      `SELECT store_id, coalesce(to_char(date_trunc('${unit}', day), 'YYYY-MM-DD'), '') AS bucket, kind, sum(count) AS count, sum(amount) AS amount
         FROM (SELECT store_id, date_trunc('day', slot AT TIME ZONE $4) AS day, kind, sum(count) AS count, sum(amount) AS amount
                 FROM moment_cell
                WHERE orga_id = $1 AND slot >= ($2::date::timestamp AT TIME ZONE $4) AND slot < (($3::date + 1)::timestamp AT TIME ZONE $4)
                  AND kind = ANY($5::varchar[])
                GROUP BY 1, 2, 3) d
        GROUP BY GROUPING SETS ((date_trunc('${unit}', day), kind), (store_id, kind))`,
      [orgaId, range.from, range.to, timeZone, [...REMINDER_KINDS, ...CAMPAIGN_KINDS]],
    );
  }

  /**
   * The counters of a store's period in one round trip: the `perBucket` kinds by bucket, the `across`
   * kinds by key over the whole period, and the appointments by ISO weekday (kind 'weekday').
   */
  private async grouped(
    scope: 'store_id',
    id: string,
    range: PeriodRange,
    bucket: AnalysisBucket,
    perBucket: string[],
    across: string[],
  ): Promise<Grouped[]> {
    const unit = bucket === 'day' ? 'day' : 'month';
    return this.db.query<Grouped[]>(
      `SELECT kind, '' AS key, to_char(date_trunc('${unit}', day), 'YYYY-MM-DD') AS bucket, sum(count) AS count, sum(amount) AS amount
         FROM stat_cell WHERE ${scope} = $1 AND day BETWEEN $2 AND $3 AND kind = ANY($4::varchar[]) GROUP BY kind, 3
       UNION ALL
       SELECT kind, key, '' AS bucket, sum(count), sum(amount)
         FROM stat_cell WHERE ${scope} = $1 AND day BETWEEN $2 AND $3 AND kind = ANY($5::varchar[]) GROUP BY kind, key
       UNION ALL
       SELECT 'weekday', extract(isodow FROM day)::text, '', sum(count), 0
         FROM stat_cell WHERE ${scope} = $1 AND day BETWEEN $2 AND $3 AND kind = 'appointments' AND $6 GROUP BY 2`,
      [id, range.from, range.to, perBucket, across, across.length > 0],
    );
  }

  private byBucket(rows: Grouped[]): Map<string, Map<string, { count: number; amount: number }>> {
    const result = new Map<string, Map<string, { count: number; amount: number }>>();
    for (const row of rows) {
      if (row.bucket === '') continue;
      const kinds = result.get(row.bucket) ?? new Map<string, { count: number; amount: number }>();
      kinds.set(row.kind, { count: num(row.count), amount: num(row.amount) });
      result.set(row.bucket, kinds);
    }
    return result;
  }

  /**
   * Who visited in the period, one row per store and customer. The period ends today, so a customer visited in it
   * when their last visit is on or after its first day and not after today, or (a visit booked ahead) when one of
   * their visits falls in it. An index range of customer_span instead of
   * counting distinct customers over every visit of the period.
   */
  private visitors(scope: 'store_id' | 'orga_id'): string {
    return `SELECT s.store_id, s.customer_id FROM customer_span s
             WHERE s.${scope} = $1 AND s.last_day >= $2::date
               AND (s.last_day <= $3::date OR EXISTS (
                 SELECT 1 FROM customer_visit_day p
                  WHERE p.store_id = s.store_id AND p.customer_id = s.customer_id AND p.day BETWEEN $2::date AND $3::date))`;
  }

  /**
   * Distinct customers of each bucket: a day's, or a whole month's, are counters kept as visits come and go;
   * the partial first month of the last 30 days is counted from the days' rows.
   */
  private async customersPerBucket(storeId: string, range: PeriodRange, query: PeriodQuery): Promise<Map<string, number>> {
    const counted = query.bucket === 'day' || range.from.endsWith('-01');
    const rows = await this.db.query<{ bucket: string; n: string }[]>(
      counted
        ? `SELECT to_char(day, 'YYYY-MM-DD') AS bucket, count AS n FROM stat_cell
            WHERE store_id = $1 AND day BETWEEN $2 AND $3 AND kind = $4 AND key = ''`
        : `SELECT to_char(date_trunc('month', day), 'YYYY-MM-DD') AS bucket, count(DISTINCT customer_id) AS n FROM customer_visit_day
            WHERE store_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1`,
      counted ? [storeId, range.from, range.to, query.bucket === 'day' ? 'customers' : 'customers_month'] : [storeId, range.from, range.to],
    );
    return new Map(rows.map((r) => [r.bucket, num(r.n)]));
  }
}
