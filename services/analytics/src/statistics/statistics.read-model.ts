import { Injectable } from '@nestjs/common';
import {
  addDays,
  formatLocalDate,
  instantToLocal,
  parseLocalDate,
  workingMinutes,
  type AnalysisBucket,
  type MomentKind,
  type PeriodRange,
  type WorkRule,
} from '@pawline/domain';
import { DataSource } from 'typeorm';
import { CAMPAIGN_KINDS, REMINDER_KINDS, num, type Grouped, type MomentRow, type PeriodQuery } from './statistics.shaping';

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

/** Every local day of a range, first to last. */
function daysOf(range: PeriodRange): string[] {
  const days: string[] = [];
  for (let day = parseLocalDate(range.from); formatLocalDate(day) <= range.to; day = addDays(day, 1)) days.push(formatLocalDate(day));
  return days;
}

/** The SQL of analytics' read model (docs/adr/0034) shared by the statistics pages: each a range of one store's or organization's days. */
@Injectable()
export class StatisticsReadModel {
  constructor(private readonly db: DataSource) {}

  /**
   * Moment counters of a store's period by bucket: the slots (UTC quarters of an hour) from the store's first
   * local midnight of the period to the one after its last day, grouped by the store's local day or month.
   */
  moments(storeId: string, range: PeriodRange, bucket: AnalysisBucket, timeZone: string, kinds: MomentKind[]): Promise<MomentRow[]> {
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
  async workingMinutes(storeId: string, range: PeriodRange, timeZone: string): Promise<Map<string, number>> {
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

  /**
   * Moment counters of an organization's period in one round trip, from the organization's first local
   * midnight of the period to the one after its last day (its calendar, as the rest of its page): by bucket
   * of all its stores together (store_id null), and by store over the whole period (bucket '').
   * Range of the index (orga_id, slot).
   */
  orgaMoments(
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
  async grouped(
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

  /**
   * Who visited in the period, one row per store and customer. The period ends today, so a customer visited in it
   * when their last visit is on or after its first day and not after today, or (a visit booked ahead) when one of
   * their visits falls in it. An index range of customer_span instead of
   * counting distinct customers over every visit of the period.
   */
  visitors(scope: 'store_id' | 'orga_id'): string {
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
  async customersPerBucket(storeId: string, range: PeriodRange, query: PeriodQuery): Promise<Map<string, number>> {
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
