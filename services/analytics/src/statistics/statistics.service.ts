import { Injectable } from '@nestjs/common';
import type { CustomerStatistics, OrgaStatistics, SalonStatistics } from '@pawline/contracts';
import {
  LOST_AFTER_DAYS,
  averageTicketCents,
  fillSeries,
  instantToLocal,
  percentOf,
  periodRange,
  utilisationPercent,
  visitsPerCustomer,
  type PeriodRange,
} from '@pawline/domain';
import { DataSource } from 'typeorm';
import { StatisticsReadModel } from './statistics.read-model';
import {
  CAMPAIGN_KINDS,
  REMINDER_KINDS,
  byBucket,
  engagementOf,
  lookupByBucketAndKind,
  num,
  storeEngagementOf,
  type PeriodQuery,
} from './statistics.shaping';

/** R1.12 the store's (or organization's) calendar: the period ends on its today. */
export function rangeIn(query: PeriodQuery, timeZone: string, now = Date.now()): PeriodRange {
  const today = instantToLocal(now, timeZone);
  return periodRange(query.period, query.bucket, today);
}

/** The statistics pages' answers (R1.12, R2.02) from analytics' read model (docs/adr/0034). */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly db: DataSource,
    private readonly read: StatisticsReadModel,
  ) {}

  /** R1.12 salon statistics: appointments, revenue, average ticket, busiest days and hours, treatments, staff. */
  async salon(storeId: string, query: PeriodQuery, timeZone: string, now?: number): Promise<SalonStatistics> {
    const range = rangeIn(query, timeZone, now);
    const rows = await this.read.grouped(
      'store_id',
      storeId,
      range,
      query.bucket,
      ['appointments', 'done', 'declined', 'no_show'],
      ['hour', 'treatment', 'staff'],
    );
    const perBucket = byBucket(rows);
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
      this.read.workingMinutes(storeId, range, timeZone),
      this.read.moments(storeId, range, query.bucket, timeZone, [...REMINDER_KINDS, ...CAMPAIGN_KINDS]),
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
      ...engagementOf(range, moments),
    };
  }

  /** R1.12 customer statistics: new, returning and lost customers, visits, reminder replies, booking share. */
  async customers(storeId: string, query: PeriodQuery, timeZone: string, now?: number): Promise<CustomerStatistics> {
    const range = rangeIn(query, timeZone, now);
    const unit = query.bucket === 'day' ? 'day' : 'month';
    const [rows, answers, newPerBucket, [counts]] = await Promise.all([
      this.read.grouped('store_id', storeId, range, query.bucket, ['appointments', 'visits', 'booked'], []),
      this.read.moments(storeId, range, query.bucket, timeZone, ['reminder_confirmed', 'reminder_declined']),
      this.db.query<{ bucket: string; n: string }[]>(
        `SELECT to_char(date_trunc('${unit}', first_day), 'YYYY-MM-DD') AS bucket, count(*) AS n
           FROM customer_span WHERE store_id = $1 AND first_day BETWEEN $2 AND $3 GROUP BY 1`,
        [storeId, range.from, range.to],
      ),
      this.db.query<{ customers: string; lost: string }[]>(
        `SELECT (SELECT count(*) FROM (${this.read.visitors('store_id')}) v) AS customers,
                (SELECT count(*) FROM customer_span WHERE store_id = $1
                    AND last_day BETWEEN $2::date - ${LOST_AFTER_DAYS} AND $3::date - ${LOST_AFTER_DAYS}) AS lost`,
        [storeId, range.from, range.to],
      ),
    ]);
    const perBucket = byBucket(rows);
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
    const perBucketCustomers = await this.read.customersPerBucket(storeId, range, query);
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
        `SELECT store_id, count(DISTINCT customer_id) AS customers FROM (${this.read.visitors('orga_id')}) v
          GROUP BY GROUPING SETS ((store_id), ())`,
        [orgaId, range.from, range.to],
      ),
      this.read.orgaMoments(orgaId, range, query.bucket, timeZone),
    ]);
    const engagement = engagementOf(
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
        ...storeEngagementOf(momentRows.filter((r) => r.store_id === store_id)),
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
}
