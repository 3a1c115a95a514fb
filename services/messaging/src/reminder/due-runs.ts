import type { PawlineLogger } from '@pawline/nest-kit';
import { addDays, formatLocalDate, parseLocalDate } from '@pawline/domain';
import type { DataSource } from 'typeorm';
import type { ReminderTimings } from '../ports';
import { checkedTiming, dueRuns, previousDayRuns, type DueRun, type StoreClock, type Timing } from './due-time';

/** how much earlier than a run's end an appointment change may be and still reach the directory after it */
const LATE_EVENT_MARGIN_S = 300;
/** a missed day is caught up only for a store and type with a run in this many days before it */
const SERVED_WITHIN_DAYS = 7;

export type RunCounts = Map<string, { queued: number; overQuota: number }>;

export const runKey = (storeId: string, type: number, localDate: string) => `${storeId}|${type}|${localDate}`;

/**
 * Which stores' reminder runs are due (today's, yesterday's missed ones, today's again for late bookings) and
 * the record of each run once done (reminder_run): the scheduler's calendar, apart from the writing of reminders.
 */
export class DueRunFinder {
  constructor(
    private readonly db: DataSource,
    private readonly timings: ReminderTimings,
    private readonly log: PawlineLogger,
  ) {}

  /** Runs whose slot has come today in their store's zone and that have not finished yet. */
  async pending(now: Date): Promise<DueRun[]> {
    const stores = await this.db.query<{ store_id: string; orga_id: string; time_zone: string }[]>(
      `SELECT store_id, orga_id, time_zone FROM dir_store WHERE NOT deleted`,
    );
    if (stores.length === 0) return [];
    const clocks: StoreClock[] = stores.map((s) => ({ storeId: s.store_id, orgaId: s.orga_id, timeZone: s.time_zone }));
    const timings = await this.timings.timingsOf([...new Set(clocks.map((c) => c.orgaId))]);
    const timingsOf = (orgaId: string): Timing[] => (timings.get(orgaId) ?? []).flatMap((timing) => checkedTiming(timing) ?? []);
    const missed = await this.missedRuns(previousDayRuns(now.getTime(), clocks, timingsOf));
    const runs = dueRuns(now.getTime(), clocks, timingsOf);
    if (runs.length === 0) return missed;
    const finished = await this.db.query<{ store_id: string; template_type: number; local_date: string }[]>(
      `SELECT r.store_id, r.template_type, r.local_date::text AS local_date
         FROM reminder_run r JOIN unnest($1::uuid[], $2::smallint[], $3::date[]) AS x(store_id, template_type, local_date)
           ON r.store_id = x.store_id AND r.template_type = x.template_type AND r.local_date = x.local_date`,
      [runs.map((r) => r.storeId), runs.map((r) => r.templateType), runs.map((r) => r.localDate)],
    );
    const done = new Set(finished.map((f) => runKey(f.store_id, f.template_type, f.local_date)));
    const open = runs.filter((run) => !done.has(runKey(run.storeId, run.templateType, run.localDate)));
    const late = await this.lateBookings(runs.filter((run) => done.has(runKey(run.storeId, run.templateType, run.localDate))));
    return [...missed, ...open, ...late];
  }

  /**
   * Yesterday's runs that never ran although the store was being served (a run of the same type in the week
   * before): the scheduler was down from that slot until the store's midnight. They run now, late rather than
   * never: the appointment reminders only for appointments still ahead (candidatesOf), birthdays and reminders
   * to book a day late. A store or type with no earlier run (new, or a first deployment) is not caught up, so
   * nothing goes out for a day nobody expected a message on. Each caught-up run is logged.
   */
  private async missedRuns(yesterday: DueRun[]): Promise<DueRun[]> {
    if (yesterday.length === 0) return [];
    const rows = await this.db.query<{ store_id: string; template_type: number; local_date: string }[]>(
      `SELECT x.store_id, x.template_type, x.local_date::text AS local_date
         FROM unnest($1::uuid[], $2::smallint[], $3::date[]) AS x(store_id, template_type, local_date)
        WHERE NOT EXISTS (SELECT 1 FROM reminder_run r
                           WHERE r.store_id = x.store_id AND r.template_type = x.template_type AND r.local_date = x.local_date)
          AND EXISTS (SELECT 1 FROM reminder_run r
                       WHERE r.store_id = x.store_id AND r.template_type = x.template_type
                         AND r.local_date >= x.local_date - $4::int AND r.local_date < x.local_date)`,
      [yesterday.map((r) => r.storeId), yesterday.map((r) => r.templateType), yesterday.map((r) => r.localDate), SERVED_WITHIN_DAYS],
    );
    const missed = new Set(rows.map((row) => runKey(row.store_id, row.template_type, row.local_date)));
    const runs = yesterday.filter((run) => missed.has(runKey(run.storeId, run.templateType, run.localDate)));
    for (const run of runs)
      this.log.warn('catching up a missed reminder run', {
        storeId: run.storeId,
        templateType: run.templateType,
        localDate: run.localDate,
      });
    return runs;
  }

  /**
   * Finished appointment runs of today again, for stores with an appointment on the run's target day booked or
   * changed since (an appointment for tomorrow booked at 15:00 still gets its reminder). The outbound dedupe key
   * keeps everything already written from going twice. The margin covers events that reach the directory a
   * little after the change they carry.
   */
  private async lateBookings(finishedRuns: DueRun[]): Promise<DueRun[]> {
    const appointmentRuns = finishedRuns.filter((run) => run.templateType === 0 || run.templateType === 4);
    if (appointmentRuns.length === 0) return [];
    const changed = await this.db.query<{ store_id: string; template_type: number; local_date: string }[]>(
      `SELECT DISTINCT x.store_id, x.template_type, x.local_date::text AS local_date
         FROM unnest($1::uuid[], $2::smallint[], $3::date[], $4::date[]) AS x(store_id, template_type, local_date, target_date)
         JOIN reminder_run r ON r.store_id = x.store_id AND r.template_type = x.template_type AND r.local_date = x.local_date
        WHERE EXISTS (SELECT 1 FROM dir_appointment a
                       WHERE a.store_id = x.store_id AND a.local_date = x.target_date
                         AND a.version > r.finished_at - make_interval(secs => $5))`,
      [
        appointmentRuns.map((run) => run.storeId),
        appointmentRuns.map((run) => run.templateType),
        appointmentRuns.map((run) => run.localDate),
        appointmentRuns.map((run) => formatLocalDate(addDays(parseLocalDate(run.localDate), run.offset))),
        LATE_EVENT_MARGIN_S,
      ],
    );
    const again = new Set(changed.map((c) => runKey(c.store_id, c.template_type, c.local_date)));
    return appointmentRuns.filter((run) => again.has(runKey(run.storeId, run.templateType, run.localDate)));
  }

  async finish(runs: DueRun[], counts: RunCounts, now: Date): Promise<void> {
    if (runs.length === 0) return;
    const countOf = (run: DueRun) => counts.get(runKey(run.storeId, run.templateType, run.localDate)) ?? { queued: 0, overQuota: 0 };
    await this.db.query(
      `INSERT INTO reminder_run (store_id, template_type, local_date, orga_id, due_at, finished_at, queued, over_quota)
       SELECT x.store_id, x.template_type, x.local_date, x.orga_id, x.due_at, $6::timestamptz, y.queued, y.over_quota
         FROM unnest($1::uuid[], $2::smallint[], $3::date[], $4::uuid[], $5::timestamptz[]) WITH ORDINALITY AS x(store_id, template_type, local_date, orga_id, due_at, n)
         JOIN unnest($7::int[], $8::int[]) WITH ORDINALITY AS y(queued, over_quota, n) ON x.n = y.n
       ON CONFLICT (store_id, template_type, local_date) DO UPDATE SET finished_at = EXCLUDED.finished_at,
         queued = reminder_run.queued + EXCLUDED.queued, over_quota = reminder_run.over_quota + EXCLUDED.over_quota`,
      [
        runs.map((r) => r.storeId),
        runs.map((r) => r.templateType),
        runs.map((r) => r.localDate),
        runs.map((r) => r.orgaId),
        runs.map((r) => new Date(r.dueAt).toISOString()),
        now.toISOString(),
        runs.map((r) => countOf(r).queued),
        runs.map((r) => countOf(r).overQuota),
      ],
    );
  }
}
