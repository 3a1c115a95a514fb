import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { REMINDER_STATUS, reminderQueuedEvent } from '@pawline/contracts';
import { inSpan, KIT_CONFIG, NATS_CONNECTION, OutboxService, PawlineLogger, SpanKind, type KitConfig } from '@pawline/nest-kit';
import { addDays, formatLocalDate, parseLocalDate } from '@pawline/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { buttonPayloadsFor } from '../ports/button-payload';
import {
  MESSAGE_QUOTA,
  REMINDER_COMPOSER,
  REMINDER_TIMINGS,
  type ComposedReminder,
  type MessageQuota,
  type ReminderComposer,
  type ReminderTimings,
  type TemplateMessage,
} from '../ports';
import { checkedTiming, dueRuns, previousDayRuns, type DueRun, type StoreClock, type Timing } from './due-time';
import { candidatesOf, type Candidate } from './reminder-candidates';
import { REMINDER_CLOCK, REMINDER_OPTIONS, type Clock, type ReminderOptions } from './reminder.options';
import { SchedulerLeader } from './scheduler-leader';
import { SendJobPublisher, type SendJob } from './send-job.publisher';

/** What one tick did (null from tick(): another replica leads). */
export type TickResult = {
  runs: number;
  /** written in process and enqueued */
  queued: number;
  /** written as not sent: the organization's plan had no message left (spec §8) */
  overQuota: number;
  /** found due but the organization has the type switched off (the composer answered null) */
  switchedOff: number;
  /** written earlier but not enqueued (a crash between the two), enqueued now */
  swept: number;
};

/** why a reminder was written but not sent: the plan's messages are used up (shown as failed, spec §8 plan warnings) */
export const PLAN_LIMIT_ERROR = 'plan_limit';

const INSERT_CHUNK = 1000;
/** stores whose candidates are selected in one statement; the next group is selected while this one is published */
const RUN_GROUP = 200;
/** chunks whose jobs may be publishing while the next chunk is written */
const CHUNKS_IN_FLIGHT = 4;
const SWEEP_LIMIT = 10_000;
const TYPES = [0, 4, 1, 2] as const;
/** how much earlier than a run's end an appointment change may be and still reach the directory after it */
const LATE_EVENT_MARGIN_S = 300;
/** a missed day is caught up only for a store and type with a run in this many days before it */
const SERVED_WITHIN_DAYS = 7;

type Composed = { candidate: Candidate; message: ComposedReminder };

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Work started and not awaited yet, at most `limit` at once: writing the next chunk overlaps publishing this one. */
class InFlight {
  private readonly running = new Set<Promise<void>>();
  /** the first failure, thrown by drain (kept, so no rejection is left unhandled in between) */
  private failure: Error | null = null;
  constructor(private readonly limit: number) {}

  async add(work: Promise<unknown>): Promise<void> {
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error instanceof Error ? error : new Error(String(error));
        },
      )
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    if (this.running.size >= this.limit) await Promise.race(this.running);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure !== null) throw this.failure;
  }
}

const runKey = (storeId: string, type: number, localDate: string) => `${storeId}|${type}|${localDate}`;

/**
 * The reminder scheduler (issue 12; R1.06, R9.03): one leader across replicas ticks every minute, finds each
 * store whose slot has come on its local day, selects the due reminders from the directory in one statement per
 * type, composes them, takes them from the organization's quota, writes them (outbound_message, deduplicated per
 * reminder) and only then enqueues one send job each. docs/adr/0017-messaging-directory-and-reminder-scheduler.md.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly leader: SchedulerLeader;
  private readonly publisher: SendJobPublisher;
  private readonly log: PawlineLogger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(KIT_CONFIG) kit: KitConfig,
    @Inject(REMINDER_OPTIONS) private readonly options: ReminderOptions,
    @Inject(REMINDER_CLOCK) private readonly clock: Clock,
    @Inject(REMINDER_TIMINGS) private readonly timings: ReminderTimings,
    @Inject(REMINDER_COMPOSER) private readonly composer: ReminderComposer,
    @Inject(MESSAGE_QUOTA) private readonly quota: MessageQuota,
    private readonly outbox: OutboxService,
    logger: PawlineLogger,
  ) {
    this.leader = new SchedulerLeader(kit.databaseUrl, `pawline-reminder-scheduler:${kit.serviceName}`);
    this.publisher = new SendJobPublisher(nc, kit);
    this.log = logger.child({ context: 'ReminderScheduler' });
  }

  onApplicationBootstrap(): void {
    if (this.options.tickMs <= 0) return;
    this.timer = setInterval(() => {
      // a tick that outlasts the interval is not doubled
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.log.error('reminder tick failed', { err: error }))
        .finally(() => (this.running = null));
    }, this.options.tickMs);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.leader.release();
  }

  /** One tick: null when another replica leads. */
  async tick(): Promise<TickResult | null> {
    if (!(await this.leader.acquire())) return null;
    // the root of each reminder's trace: the jobs carry it to the worker (send-job.publisher.ts)
    return inSpan('reminder run', SpanKind.INTERNAL, {}, () => this.runDue());
  }

  /** The work of a tick, as the leader does it (tests call it on two instances to prove the keys alone hold). */
  async runDue(): Promise<TickResult> {
    const now = this.clock.now();
    const swept = await this.sweep(now);
    const runs = await this.pendingRuns(now);
    const result: TickResult = { runs: runs.length, queued: 0, overQuota: 0, switchedOff: 0, swept };
    const counts = new Map<string, { queued: number; overQuota: number }>();
    const publishing = new InFlight(CHUNKS_IN_FLIGHT);
    for (const type of TYPES) {
      const ofType = runs.filter((run) => run.templateType === type);
      for (let start = 0; start < ofType.length; start += RUN_GROUP) {
        const candidates = await candidatesOf(this.db, type, ofType.slice(start, start + RUN_GROUP), now);
        const sent = await this.send(candidates, now, publishing);
        this.count(result, counts, type, sent);
      }
    }
    await publishing.drain();
    await this.finish(runs, counts, now);
    if (result.queued + result.overQuota + swept > 0) this.log.info('reminders scheduled', result);
    return result;
  }

  private count(
    result: TickResult,
    counts: Map<string, { queued: number; overQuota: number }>,
    type: number,
    sent: { queued: Candidate[]; overQuota: Candidate[]; switchedOff: number },
  ): void {
    result.queued += sent.queued.length;
    result.overQuota += sent.overQuota.length;
    result.switchedOff += sent.switchedOff;
    for (const [list, field] of [
      [sent.queued, 'queued'],
      [sent.overQuota, 'overQuota'],
    ] as const) {
      for (const candidate of list) {
        const key = runKey(candidate.store_id, type, candidate.run_date);
        const count = counts.get(key) ?? { queued: 0, overQuota: 0 };
        count[field] += 1;
        counts.set(key, count);
      }
    }
  }

  /** Runs whose slot has come today in their store's zone and that have not finished yet. */
  private async pendingRuns(now: Date): Promise<DueRun[]> {
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

  private async finish(runs: DueRun[], counts: Map<string, { queued: number; overQuota: number }>, now: Date): Promise<void> {
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

  /** Compose, take from the quota, write, then enqueue. */
  private async send(
    candidates: Candidate[],
    now: Date,
    publishing: InFlight,
  ): Promise<{ queued: Candidate[]; overQuota: Candidate[]; switchedOff: number }> {
    const composed = (
      await mapLimit(candidates, this.options.composeConcurrency, async (candidate): Promise<Composed | null> => {
        const message = await this.composer.compose({
          orgaId: candidate.orga_id,
          storeId: candidate.store_id,
          templateType: candidate.template_type,
          customerId: candidate.customer_id,
          appointmentId: candidate.appointment_id,
          petId: candidate.pet_id,
        });
        return message ? { candidate, message } : null;
      })
    ).filter((item): item is Composed => item !== null);
    const switchedOff = candidates.length - composed.length;

    // the organization's allowance, in the order the reminders are due (earliest appointments first)
    const byOrga = new Map<string, Composed[]>();
    for (const item of composed) byOrga.set(item.candidate.orga_id, [...(byOrga.get(item.candidate.orga_id) ?? []), item]);
    const granted = new Set<Composed>();
    for (const [orgaId, items] of byOrga) {
      const count = Math.max(0, Math.min(items.length, await this.quota.reserve(orgaId, items.length)));
      for (const item of items.slice(0, count)) granted.add(item);
    }

    const queued: Candidate[] = [];
    const overQuota: Candidate[] = [];
    const unused = new Map<string, number>();
    for (let start = 0; start < composed.length; start += INSERT_CHUNK) {
      const chunk = composed.slice(start, start + INSERT_CHUNK).map((item) => ({ ...item, id: randomUUID(), ok: granted.has(item) }));
      const written = new Set(await this.write(chunk, now));
      const jobs: SendJob[] = [];
      for (const item of chunk) {
        if (!written.has(item.id)) {
          // another leader wrote it first (a moment of two leaders): give its message back
          if (item.ok) unused.set(item.candidate.orga_id, (unused.get(item.candidate.orga_id) ?? 0) + 1);
          continue;
        }
        if (item.ok) {
          queued.push(item.candidate);
          jobs.push({ outboundId: item.id, orgaId: item.candidate.orga_id, storeId: item.candidate.store_id });
        } else overQuota.push(item.candidate);
      }
      // stored first, enqueued next: this chunk publishes while the next one is written
      await publishing.add(this.enqueue(jobs, now));
    }
    for (const [orgaId, count] of unused) await this.quota.release(orgaId, count);
    return { queued, overQuota, switchedOff };
  }

  /**
   * One multi-row insert and, in its transaction, one reminder.queued event per store of the rows written
   * (the card's 'in the process of sending'); answers the ids written (a key already taken writes nothing).
   */
  private async write(chunk: (Composed & { id: string; ok: boolean })[], now: Date): Promise<string[]> {
    return this.db.transaction(async (m) => {
      const written = await this.insert(m, chunk, now);
      await this.announce(m, chunk, new Set(written));
      return written;
    });
  }

  private async announce(m: EntityManager, chunk: (Composed & { id: string; ok: boolean })[], written: Set<string>): Promise<void> {
    const byStore = new Map<
      string,
      { orgaId: string; storeId: string; reminders: { appointment_id: string; outbound_id: string; reminder_status: number }[] }
    >();
    for (const item of chunk) {
      const { appointment_id: appointmentId, orga_id: orgaId, store_id: storeId } = item.candidate;
      if (!written.has(item.id) || !appointmentId || !storeId) continue;
      const group = byStore.get(storeId) ?? { orgaId, storeId, reminders: [] };
      group.reminders.push({
        appointment_id: appointmentId,
        outbound_id: item.id,
        reminder_status: item.ok ? REMINDER_STATUS.in_process : REMINDER_STATUS.failed,
      });
      byStore.set(storeId, group);
    }
    for (const group of byStore.values()) {
      await this.outbox.add(
        m,
        reminderQueuedEvent,
        { orga_id: group.orgaId, store_id: group.storeId, reminders: group.reminders },
        { orgaId: group.orgaId, storeId: group.storeId, actor: null },
      );
    }
  }

  private async insert(m: EntityManager, chunk: (Composed & { id: string; ok: boolean })[], now: Date): Promise<string[]> {
    const rows = await m.query<{ id: string }[]>(
      `INSERT INTO outbound_message (id, orga_id, store_id, kind, template_type, appointment_id, customer_id, pet_id, dedupe_key, to_phone,
         channel, content, status, last_error, created_at, updated_at)
       SELECT x.id, x.orga_id, x.store_id, 'reminder', x.template_type, x.appointment_id, x.customer_id, x.pet_id, x.dedupe_key, x.to_phone,
              'whatsapp', x.content, x.status, x.last_error, $13, $13
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::smallint[], $5::uuid[], $6::uuid[], $7::uuid[], $8::text[], $9::text[],
                     $10::jsonb[], $11::smallint[], $12::text[])
           AS x(id, orga_id, store_id, template_type, appointment_id, customer_id, pet_id, dedupe_key, to_phone, content, status, last_error)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id`,
      [
        chunk.map((c) => c.id),
        chunk.map((c) => c.candidate.orga_id),
        chunk.map((c) => c.candidate.store_id),
        chunk.map((c) => c.candidate.template_type),
        chunk.map((c) => c.candidate.appointment_id),
        chunk.map((c) => c.candidate.customer_id),
        chunk.map((c) => c.candidate.pet_id),
        chunk.map((c) => c.candidate.dedupe_key),
        chunk.map((c) => c.candidate.phone),
        chunk.map((c) => JSON.stringify(contentOf(c.id, c.candidate.phone, c.message))),
        chunk.map((c) => (c.ok ? REMINDER_STATUS.in_process : REMINDER_STATUS.failed)),
        chunk.map((c) => (c.ok ? null : PLAN_LIMIT_ERROR)),
        now.toISOString(),
      ],
    );
    return rows.map((row) => row.id);
  }

  /** Publishes the jobs and marks what JetStream accepted; the rest waits for the sweep. */
  private async enqueue(jobs: SendJob[], now: Date): Promise<number> {
    if (jobs.length === 0) return 0;
    const { accepted, failed, lastError } = await this.publisher.publish(jobs, now);
    for (let start = 0; start < accepted.length; start += INSERT_CHUNK) {
      await this.db.query(`UPDATE outbound_message SET enqueued_at = $2 WHERE id = ANY($1::uuid[])`, [
        accepted.slice(start, start + INSERT_CHUNK),
        now.toISOString(),
      ]);
    }
    if (failed > 0) this.log.warn('send jobs not enqueued, left to the sweep', { failed, err: String(lastError) });
    return accepted.length;
  }

  /** Reminders written but never enqueued (the process died between the two) are enqueued again. */
  private async sweep(now: Date): Promise<number> {
    const rows = await this.db.query<{ id: string; orga_id: string; store_id: string | null }[]>(
      `SELECT id, orga_id, store_id FROM outbound_message
        WHERE enqueued_at IS NULL AND kind = 'reminder' AND status = $1 AND provider_message_id IS NULL AND created_at < $2
        ORDER BY created_at LIMIT ${SWEEP_LIMIT}`,
      [REMINDER_STATUS.in_process, new Date(now.getTime() - this.options.sweepAfterMs).toISOString()],
    );
    return this.enqueue(
      rows.map((row) => ({ outboundId: row.id, orgaId: row.orga_id, storeId: row.store_id })),
      now,
    );
  }
}

function contentOf(outboundId: string, phone: string, message: ComposedReminder): TemplateMessage {
  return { ...message, kind: 'template', to: phone, buttonPayloads: buttonPayloadsFor(message.buttons, outboundId) };
}
