import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  appointmentDeletedEvent,
  appointmentStatusByCustomerEvent,
  bookingRuleCreatedEvent,
  bookingRuleDeletedEvent,
  bookingSlotAcceptedEvent,
  campaignMessageStatusEvent,
  campaignSentEvent,
  petCreatedEvent,
  petUpdatedEvent,
  reminderStatusChangedEvent,
  type AppointmentEventSnapshot,
  type BookingRule,
  type EventEnvelope,
} from '@pawline/contracts';
import {
  ContributionSum,
  MomentSum,
  answerAfter,
  answerCells,
  bookedPlaceholder,
  bucketOf,
  campaignCells,
  campaignMessageAfter,
  campaignMessageCells,
  customerOf,
  factsOfSnapshot,
  reminderAfter,
  reminderCells,
  type AppointmentFacts,
  type CampaignFact,
  type CampaignMessageFact,
  type ReminderAnswer,
  type ReminderFact,
  type StatCell,
} from '@pawline/domain';
import { prefixed, streamName } from '@pawline/nest-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { ENGAGEMENT_EVENTS } from './engagement.handlers';
import { workRuleOf } from './engagement.service';
import { tombstonedOrgas } from '../purge/orga-tombstone';
import { PROJECTION_EVENTS, answerOf } from './projection.handlers';
import { DELETED_VERSION } from './projection.service';
import { READ_MODEL_TABLES } from './read-model-tables';

// A projection rebuilt from the event stream (issue 15, docs/adr/0034): the EVENTS stream replayed in
// order into memory with the consumer's rules (newest snapshot wins, deleted stays deleted, a booking
// marks its appointment, a pet's owner decides the customer), then written into emptied tables in one
// transaction. The live consumer's rules are idempotent on state, so events it has not yet taken
// change nothing once the rebuild holds them.

type Payload = {
  orga_id: string;
  store_id: string;
  appointment_ids?: string[];
  appointments?: AppointmentEventSnapshot[];
  pet_id?: string;
  customer_id?: string;
  appointment_id?: string;
  status?: number;
  outbound_id?: string;
  reminder_status?: number;
  campaign_id?: string;
  customers?: number;
  confirmed?: boolean;
  rule_id?: string;
  rule?: BookingRule;
};

type WorkRuleRow = ReturnType<typeof workRuleOf> & { orga_id: string; store_id: string; deleted_at: string | null };

const ends = (subject: string, contract: { subject: string }) => subject.endsWith(contract.subject);

/** The read model in memory, event by event. */
export class ProjectionFold {
  readonly facts = new Map<string, { version: string; facts: AppointmentFacts }>();
  readonly owners = new Map<string, { orga_id: string; customer_id: string }>();
  readonly reminders = new Map<string, ReminderFact>();
  readonly answers = new Map<string, ReminderAnswer>();
  readonly campaigns = new Map<string, CampaignFact>();
  readonly campaignMessages = new Map<string, CampaignMessageFact>();
  readonly rules = new Map<string, WorkRuleRow>();
  events = 0;

  /** One event of the stream; `at` is when it happened (the envelope's occurredAt). */
  apply(subject: string, data: Payload, at: string): void {
    this.events += 1;
    if (this.applyEngagement(subject, data, at)) return;
    const scope = { orga_id: data.orga_id, store_id: data.store_id };
    if (ends(subject, appointmentStatusByCustomerEvent)) {
      const answer = answerOf({ ...data, appointment_id: data.appointment_id!, status: data.status ?? 0 }, at);
      const next = answerAfter(this.answers.get(answer.appointment_id) ?? null, answer);
      if (next) this.answers.set(next.appointment_id, next);
    }
    if (ends(subject, petCreatedEvent) || ends(subject, petUpdatedEvent)) {
      this.owners.set(data.pet_id!, { orga_id: data.orga_id, customer_id: data.customer_id! });
    } else if (ends(subject, bookingSlotAcceptedEvent)) {
      const id = data.appointment_id!;
      const old = this.facts.get(id);
      if (old) old.facts = { ...old.facts, from_booking: true };
      else this.facts.set(id, { version: '', facts: bookedPlaceholder({ ...scope, id }) });
    } else if (ends(subject, appointmentDeletedEvent)) {
      for (const id of data.appointment_ids ?? []) {
        const old = this.facts.get(id);
        this.facts.set(id, { version: DELETED_VERSION, facts: { ...(old?.facts ?? bookedPlaceholder({ ...scope, id })), deleted: true } });
      }
    } else {
      for (const snapshot of data.appointments ?? []) {
        const old = this.facts.get(snapshot.id);
        if (old && old.version >= snapshot.version) continue;
        // the customer is decided at the end, from the owners the whole stream leaves
        this.facts.set(snapshot.id, {
          version: snapshot.version,
          facts: factsOfSnapshot(scope, snapshot, old?.facts ?? null, () => undefined),
        });
      }
    }
  }

  /** Reminders, campaigns and working hours, with the consumer's rules (EngagementService); false for other subjects. */
  private applyEngagement(subject: string, data: Payload, at: string): boolean {
    if (ends(subject, reminderStatusChangedEvent)) {
      const event = {
        ...data,
        outbound_id: data.outbound_id!,
        appointment_id: data.appointment_id!,
        reminder_status: data.reminder_status!,
      };
      const next = reminderAfter(this.reminders.get(event.outbound_id) ?? null, event, at);
      if (next) this.reminders.set(next.outbound_id, next);
    } else if (ends(subject, campaignSentEvent)) {
      const id = data.campaign_id!;
      if (!this.campaigns.has(id))
        this.campaigns.set(id, {
          orga_id: data.orga_id,
          store_id: data.store_id,
          campaign_id: id,
          customers: data.customers ?? 0,
          sent_at: at,
        });
    } else if (ends(subject, campaignMessageStatusEvent)) {
      const storeId = (data.store_id as string | null) ?? this.campaigns.get(data.campaign_id!)?.store_id;
      if (!storeId) return true;
      const key = `${data.campaign_id}|${data.customer_id}`;
      const event = { ...data, store_id: storeId, campaign_id: data.campaign_id!, customer_id: data.customer_id!, status: data.status! };
      const next = campaignMessageAfter(this.campaignMessages.get(key) ?? null, event, at);
      if (next) this.campaignMessages.set(key, next);
    } else if (ends(subject, bookingRuleCreatedEvent)) {
      if (data.rule && !this.rules.has(data.rule_id!))
        this.rules.set(data.rule_id!, {
          ...workRuleOf(data.rule),
          orga_id: data.orga_id,
          store_id: data.store_id,
          deleted_at: null,
        });
    } else if (ends(subject, bookingRuleDeletedEvent)) {
      const rule = this.rules.get(data.rule_id!);
      if (rule && rule.deleted_at === null) rule.deleted_at = at;
    } else return false;
    return true;
  }

  /**
   * R1.17 forgets every row of these organizations (tombstoned: cancelled and purged), whatever the stream
   * still holds of them.
   */
  dropOrgas(orgaIds: Iterable<string>): void {
    const dropped = new Set(orgaIds);
    if (dropped.size === 0) return;
    const drop = <T>(map: Map<string, T>, orgaOf: (row: T) => string) => {
      for (const [key, row] of map) if (dropped.has(orgaOf(row))) map.delete(key);
    };
    drop(this.facts, (row) => row.facts.orga_id);
    drop(this.owners, (row) => row.orga_id);
    drop(this.reminders, (row) => row.orga_id);
    drop(this.answers, (row) => row.orga_id);
    drop(this.campaigns, (row) => row.orga_id);
    drop(this.campaignMessages, (row) => row.orga_id);
    drop(this.rules, (row) => row.orga_id);
  }

  /** Each appointment's final facts, its customer from the final owners (as the consumer leaves it). */
  finalFacts(): { version: string; facts: AppointmentFacts }[] {
    return [...this.facts.values()].map((row) => ({
      version: row.version,
      facts: { ...row.facts, customer_id: customerOf(row.facts.pet_ids, (pet) => this.owners.get(pet)?.customer_id) },
    }));
  }
}

/**
 * Replays the EVENTS stream (an ordered consumer over all of it: this machine's NATS is older than
 * 2.10's filter_subjects) into the fold, skipping the subjects the projection does not read unparsed.
 */
export async function replayStream(nc: NatsConnection, config: { subjectPrefix: string }, fold: ProjectionFold): Promise<void> {
  const wanted = new Set([...PROJECTION_EVENTS, ...ENGAGEMENT_EVENTS].map((event) => prefixed(config, event.subject)));
  const consumer = await jetstream(nc).consumers.get(streamName(config, 'EVENTS'));
  if ((await consumer.info()).num_pending === 0) return;
  const messages = await consumer.consume({ max_messages: 5000 });
  for await (const message of messages) {
    if (wanted.has(message.subject)) {
      const envelope = JSON.parse(message.string()) as EventEnvelope<Payload>;
      fold.apply(envelope.subject, envelope.data, envelope.occurredAt);
    }
    if (message.info.pending === 0) break;
  }
  await messages.close();
}

const CHUNK = 5000;

/**
 * Inserts rows a chunk at a time, each chunk one JSON text read by json_to_recordset: far less work for the
 * driver and the server than one array parameter per column (a jsonb[] of quoted JSON texts especially).
 */
async function insertChunks(m: EntityManager, table: string, columns: string, rows: readonly object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await m.query(`INSERT INTO ${table} SELECT * FROM json_to_recordset($1::json) AS x(${columns})`, [
      JSON.stringify(rows.slice(start, start + CHUNK)),
    ]);
  }
}

/**
 * Empties the read model and writes the fold's final state, in one transaction, without the tombstoned
 * organizations (R1.17). They are read once the TRUNCATE holds the tables: a purge that committed before is
 * seen, and one still running waits for this transaction on its DELETE and then deletes what it wrote.
 */
export async function writeProjection(db: DataSource, fold: ProjectionFold): Promise<{ appointments: number }> {
  return db.transaction(async (m) => {
    await m.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
    fold.dropOrgas(await tombstonedOrgas(m));
    return writeFold(m, fold);
  });
}

/** The fold's final state into the emptied tables. */
async function writeFold(m: EntityManager, fold: ProjectionFold): Promise<{ appointments: number }> {
  const rows = fold.finalFacts();
  const sum = new ContributionSum();
  for (const row of rows) sum.change(null, row.facts);
  const { cells, visits } = sum.result();
  const days = new Map<string, { orga_id: string; store_id: string; day: string; customer_id: string; visits: number }>();
  const months = new Map<string, { orga_id: string; store_id: string; month: string; customer_id: string; visits: number }>();
  const spans = new Map<string, { orga_id: string; store_id: string; customer_id: string; first: string; last: string }>();
  for (const v of visits) {
    days.set(`${v.store_id}|${v.day}|${v.customer_id}`, v);
    const month = bucketOf(v.day, 'month');
    const monthKey = `${v.store_id}|${month}|${v.customer_id}`;
    const found = months.get(monthKey);
    if (found) found.visits += v.visits;
    else months.set(monthKey, { orga_id: v.orga_id, store_id: v.store_id, month, customer_id: v.customer_id, visits: v.visits });
    const spanKey = `${v.store_id}|${v.customer_id}`;
    const span = spans.get(spanKey);
    if (!span) spans.set(spanKey, { orga_id: v.orga_id, store_id: v.store_id, customer_id: v.customer_id, first: v.day, last: v.day });
    else {
      if (v.day < span.first) span.first = v.day;
      if (v.day > span.last) span.last = v.day;
    }
  }
  const distinct = new ContributionSum();
  const cell = (kind: 'customers' | 'customers_month', r: { orga_id: string; store_id: string }, day: string): StatCell => ({
    orga_id: r.orga_id,
    store_id: r.store_id,
    day,
    kind,
    key: '',
    count: 1,
    amount: 0,
  });
  distinct.add({ cells: [...days.values()].map((d) => cell('customers', d, d.day)), visits: [] });
  distinct.add({ cells: [...months.values()].map((d) => cell('customers_month', d, d.month)), visits: [] });
  const allCells = [...cells, ...distinct.result().cells];
  // a rebuild can be run again from the stream: its commit need not wait for the disk
  await m.query(`SET LOCAL synchronous_commit = off`);
  await insertChunks(
    m,
    'appointment_fact (id, orga_id, store_id, version, facts)',
    'id uuid, orga_id uuid, store_id uuid, version varchar, facts jsonb',
    rows.map((r) => ({ id: r.facts.id, orga_id: r.facts.orga_id, store_id: r.facts.store_id, version: r.version, facts: r.facts })),
  );
  const pets = rows.flatMap((r) =>
    [...new Set(r.facts.pet_ids)].map((pet) => ({ pet_id: pet, appointment_id: r.facts.id, orga_id: r.facts.orga_id })),
  );
  await insertChunks(m, 'fact_pet (pet_id, appointment_id, orga_id)', 'pet_id uuid, appointment_id uuid, orga_id uuid', pets);
  const owners = [...fold.owners.entries()].map(([pet_id, o]) => ({ pet_id, orga_id: o.orga_id, customer_id: o.customer_id }));
  await insertChunks(m, 'pet_owner (pet_id, orga_id, customer_id)', 'pet_id uuid, orga_id uuid, customer_id uuid', owners);
  await insertChunks(
    m,
    'stat_cell (store_id, day, kind, key, orga_id, count, amount)',
    'store_id uuid, day date, kind varchar, key varchar, orga_id uuid, count int, amount bigint',
    allCells,
  );
  await insertChunks(
    m,
    'customer_visit_day (store_id, day, customer_id, orga_id, visits)',
    'store_id uuid, day date, customer_id uuid, orga_id uuid, visits int',
    [...days.values()],
  );
  await insertChunks(
    m,
    'customer_visit_month (store_id, month, customer_id, orga_id, visits)',
    'store_id uuid, month date, customer_id uuid, orga_id uuid, visits int',
    [...months.values()],
  );
  await insertChunks(
    m,
    'customer_span (store_id, customer_id, orga_id, first_day, last_day)',
    'store_id uuid, customer_id uuid, orga_id uuid, first_day date, last_day date',
    [...spans.values()].map((x) => ({
      store_id: x.store_id,
      customer_id: x.customer_id,
      orga_id: x.orga_id,
      first_day: x.first,
      last_day: x.last,
    })),
  );
  await writeEngagement(m, fold);
  return { appointments: rows.length };
}

/** The fold's reminders, answers, campaigns and working hours, and the moment counters they add up to. */
async function writeEngagement(m: EntityManager, fold: ProjectionFold): Promise<void> {
  const moments = new MomentSum();
  for (const fact of fold.reminders.values()) moments.add(reminderCells(fact));
  for (const answer of fold.answers.values()) moments.add(answerCells(answer));
  for (const campaign of fold.campaigns.values()) moments.add(campaignCells(campaign));
  for (const message of fold.campaignMessages.values()) moments.add(campaignMessageCells(message));
  await insertChunks(
    m,
    'reminder_fact (outbound_id, orga_id, store_id, appointment_id, status, sent_at, read_at)',
    'outbound_id uuid, orga_id uuid, store_id uuid, appointment_id uuid, status int, sent_at timestamptz, read_at timestamptz',
    [...fold.reminders.values()],
  );
  await insertChunks(
    m,
    'reminder_answer (appointment_id, orga_id, store_id, version, status, answered_at)',
    'appointment_id uuid, orga_id uuid, store_id uuid, version varchar, status int, answered_at timestamptz',
    [...fold.answers.values()],
  );
  await insertChunks(
    m,
    'campaign_fact (campaign_id, orga_id, store_id, customers, sent_at)',
    'campaign_id uuid, orga_id uuid, store_id uuid, customers int, sent_at timestamptz',
    [...fold.campaigns.values()],
  );
  await insertChunks(
    m,
    'campaign_message_fact (campaign_id, customer_id, orga_id, store_id, status, sent_at, read_at, answered_at, confirmed)',
    'campaign_id uuid, customer_id uuid, orga_id uuid, store_id uuid, status int, sent_at timestamptz, read_at timestamptz, answered_at timestamptz, confirmed boolean',
    [...fold.campaignMessages.values()],
  );
  await insertChunks(
    m,
    'moment_cell (store_id, slot, kind, orga_id, count, amount)',
    'store_id uuid, slot timestamptz, kind varchar, orga_id uuid, count int, amount bigint',
    moments.result(),
  );
  await insertChunks(
    m,
    'work_rule (rule_id, orga_id, store_id, user_id, kind, weekday, start_date, end_date, start_sec, end_sec, created_at, deleted_at)',
    'rule_id uuid, orga_id uuid, store_id uuid, user_id uuid, kind varchar, weekday int, start_date date, end_date date, start_sec int, end_sec int, created_at timestamptz, deleted_at timestamptz',
    [...fold.rules.entries()].map(([rule_id, r]) => ({ rule_id, ...r })),
  );
}

export type RebuildReport = { events: number; appointments: number; seconds: number; eventsPerSecond: number };

/** Replays the stream into fresh tables and tells how fast it went. */
export async function rebuildProjection(db: DataSource, nc: NatsConnection, config: { subjectPrefix: string }): Promise<RebuildReport> {
  const started = performance.now();
  const fold = new ProjectionFold();
  await replayStream(nc, config, fold);
  const { appointments } = await writeProjection(db, fold);
  const seconds = (performance.now() - started) / 1000;
  return { events: fold.events, appointments, seconds, eventsPerSecond: Math.round(fold.events / Math.max(seconds, 1e-6)) };
}
