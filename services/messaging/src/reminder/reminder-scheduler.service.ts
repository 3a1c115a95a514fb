import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { inSpan, KIT_CONFIG, NATS_CONNECTION, OutboxService, PawlineLogger, SpanKind, type KitConfig } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import {
  MESSAGE_QUOTA,
  REMINDER_COMPOSER,
  REMINDER_TIMINGS,
  type MessageQuota,
  type ReminderComposer,
  type ReminderTimings,
} from '../ports';
import { DueRunFinder, runKey, type RunCounts } from './due-runs';
import { InFlight } from './in-flight';
import { candidatesOf } from './reminder-candidates';
import { ReminderWriter, type WriteOutcome } from './reminder-writer';
import { REMINDER_CLOCK, REMINDER_OPTIONS, type Clock, type ReminderOptions } from './reminder.options';
import { SchedulerLeader } from './scheduler-leader';
import { SendJobPublisher } from './send-job.publisher';

/** What one tick did (null from tick(): another replica leads). */
export type TickResult = {
  runs: number;
  /** written in process and enqueued */
  queued: number;
  /** written as not sent: the organization's plan had no message left (spec §8) */
  overQuota: number;
  /** found due but the organization has the type switched off (the composer answered null) */
  switchedOff: number;
  /** written as not sent with their reason: no approved template, no WhatsApp number (issue 27) */
  refused: number;
  /** written earlier but not enqueued (a crash between the two), enqueued now */
  swept: number;
};

/** stores whose candidates are selected in one statement; the next group is selected while this one is published */
const RUN_GROUP = 200;
/** chunks whose jobs may be publishing while the next chunk is written */
const CHUNKS_IN_FLIGHT = 4;
const TYPES = [0, 4, 1, 2] as const;

/**
 * The reminder scheduler (issue 12; R1.06, R9.03): one leader across replicas ticks every minute, finds each
 * store whose slot has come on its local day (DueRunFinder), selects the due reminders from the directory in one
 * statement per type and has them written and enqueued (ReminderWriter).
 * docs/adr/0017-messaging-directory-and-reminder-scheduler.md.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly leader: SchedulerLeader;
  private readonly runs: DueRunFinder;
  private readonly writer: ReminderWriter;
  private readonly log: PawlineLogger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(KIT_CONFIG) kit: KitConfig,
    @Inject(REMINDER_OPTIONS) private readonly options: ReminderOptions,
    @Inject(REMINDER_CLOCK) private readonly clock: Clock,
    @Inject(REMINDER_TIMINGS) timings: ReminderTimings,
    @Inject(REMINDER_COMPOSER) composer: ReminderComposer,
    @Inject(MESSAGE_QUOTA) quota: MessageQuota,
    outbox: OutboxService,
    logger: PawlineLogger,
  ) {
    this.leader = new SchedulerLeader(kit.databaseUrl, `pawline-reminder-scheduler:${kit.serviceName}`);
    this.log = logger.child({ context: 'ReminderScheduler' });
    this.runs = new DueRunFinder(db, timings, this.log);
    this.writer = new ReminderWriter(db, options, composer, quota, outbox, new SendJobPublisher(nc, kit), this.log);
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
    const swept = await this.writer.sweep(now);
    const runs = await this.runs.pending(now);
    const result: TickResult = { runs: runs.length, queued: 0, overQuota: 0, switchedOff: 0, refused: 0, swept };
    const counts: RunCounts = new Map();
    const publishing = new InFlight(CHUNKS_IN_FLIGHT);
    for (const type of TYPES) {
      const ofType = runs.filter((run) => run.templateType === type);
      for (let start = 0; start < ofType.length; start += RUN_GROUP) {
        const candidates = await candidatesOf(this.db, type, ofType.slice(start, start + RUN_GROUP), now);
        const sent = await this.writer.send(candidates, now, publishing);
        this.count(result, counts, type, sent);
      }
    }
    await publishing.drain();
    await this.runs.finish(runs, counts, now);
    if (result.queued + result.overQuota + result.refused + swept > 0) this.log.info('reminders scheduled', result);
    return result;
  }

  private count(result: TickResult, counts: RunCounts, type: number, sent: WriteOutcome): void {
    result.queued += sent.queued.length;
    result.overQuota += sent.overQuota.length;
    result.switchedOff += sent.switchedOff;
    result.refused += sent.refused.length;
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
}
