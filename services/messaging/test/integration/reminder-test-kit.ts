import { randomUUID } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { Injectable, Module } from '@nestjs/common';
import {
  appointmentCreatedEvent,
  customerCreatedEvent,
  petCreatedEvent,
  sendMessageWork,
  storeCreatedEvent,
  type AppointmentEventSnapshot,
  type CustomerEventSnapshot,
  type EventEnvelope,
} from '@pawline/contracts';
import { streamName, type ServiceDefinition } from '@pawline/nest-kit';
import { emitEvent, until, type TestEnv } from '@pawline/nest-kit/testing';
import { DataSource } from 'typeorm';
import { MessagingModule } from '../../src/messaging.module';
import { messagingService } from '../../src/messaging.service-definition';
import {
  MESSAGE_QUOTA,
  REMINDER_COMPOSER,
  REMINDER_TIMINGS,
  type ComposedReminder,
  type DueReminder,
  type MessageQuota,
  type ReminderComposer,
  type ReminderTiming,
  type ReminderTimings,
} from '../../src/ports';
import { DEFAULT_REMINDER_TIMINGS } from '../../src/reminder/default-reminder-timings';
import { ReminderModule } from '../../src/reminder/reminder.module';
import type { Clock } from '../../src/reminder/reminder.options';

// Small real implementations of the ports helper "mcore" owns (templates, settings, quota), over tables this
// test creates: the scheduler is exercised against Postgres and NATS as it will run, only these three differ.

export const TEST_PORT_TABLES = `
  CREATE TABLE messaging.test_quota (orga_id uuid PRIMARY KEY, msg_left integer NOT NULL);
  CREATE TABLE messaging.test_timing (orga_id uuid NOT NULL, template_type smallint NOT NULL, slot text NOT NULL, "offset" integer NOT NULL);
  CREATE TABLE messaging.test_type_off (orga_id uuid NOT NULL, template_type smallint NOT NULL);`;

/** A template per type: "Ciao {first_name}, …" with confirm/decline on the appointment reminder. */
@Injectable()
class FixedTemplateComposer implements ReminderComposer {
  constructor(private readonly db: DataSource) {}

  async compose(due: DueReminder): Promise<ComposedReminder | null> {
    const off = await this.db.query<unknown[]>(`SELECT 1 FROM messaging.test_type_off WHERE orga_id = $1 AND template_type = $2`, [
      due.orgaId,
      due.templateType,
    ]);
    if (off.length > 0) return null;
    const [customer] = await this.db.query<{ first_name: string }[]>(
      `SELECT first_name FROM messaging.dir_customer WHERE customer_id = $1`,
      [due.customerId],
    );
    const firstName = customer?.first_name ?? '';
    return {
      to: '',
      templateName: `reminder_type_${due.templateType}`,
      language: 'it',
      parameters: [firstName],
      buttons: due.templateType === 0 ? 1 : 0,
      renderedText: `Ciao ${firstName}`,
    };
  }
}

/** msg_left per organization; an organization without a row has no limit. */
@Injectable()
class CounterQuota implements MessageQuota {
  constructor(private readonly db: DataSource) {}

  async reserve(orgaId: string, count: number): Promise<number> {
    const rows = await this.db.query<{ granted: number }[]>(
      `WITH q AS (SELECT orga_id, msg_left FROM messaging.test_quota WHERE orga_id = $1 FOR UPDATE),
            u AS (UPDATE messaging.test_quota t SET msg_left = q.msg_left - least(q.msg_left, $2) FROM q WHERE t.orga_id = q.orga_id
                  RETURNING least(q.msg_left, $2)::int AS granted)
       SELECT granted FROM u`,
      [orgaId, count],
    );
    return rows[0] ? rows[0].granted : count;
  }

  async release(orgaId: string, count: number): Promise<void> {
    await this.db.query(`UPDATE messaging.test_quota SET msg_left = msg_left + $2 WHERE orga_id = $1`, [orgaId, count]);
  }
}

/** The organization's rows of test_timing, else the spec's default (12:00 the day before). */
@Injectable()
class TableTimings implements ReminderTimings {
  constructor(private readonly db: DataSource) {}

  async timingsOf(orgaIds: string[]): Promise<Map<string, ReminderTiming[]>> {
    const rows = await this.db.query<{ orga_id: string; template_type: 0 | 1 | 2 | 4; slot: string; offset: number }[]>(
      `SELECT orga_id, template_type, slot, "offset" FROM messaging.test_timing WHERE orga_id = ANY($1::uuid[])`,
      [orgaIds],
    );
    return new Map(
      orgaIds.map((orgaId) => {
        const own = rows.filter((row) => row.orga_id === orgaId);
        return [
          orgaId,
          own.length > 0
            ? own.map((row) => ({ templateType: row.template_type, slot: row.slot, offset: row.offset }))
            : [...DEFAULT_REMINDER_TIMINGS],
        ];
      }),
    );
  }
}

@Module({
  providers: [
    { provide: REMINDER_COMPOSER, useClass: FixedTemplateComposer },
    { provide: MESSAGE_QUOTA, useClass: CounterQuota },
    { provide: REMINDER_TIMINGS, useClass: TableTimings },
  ],
  exports: [REMINDER_COMPOSER, MESSAGE_QUOTA, REMINDER_TIMINGS],
})
class TestPortsModule {}

/** Ports that cost nothing (a template without a lookup, no quota): what a tick costs the scheduler itself. */
@Module({
  providers: [
    {
      provide: REMINDER_COMPOSER,
      useValue: {
        compose: (due: DueReminder): Promise<ComposedReminder> =>
          Promise.resolve({
            to: '',
            templateName: 'reminder',
            language: 'it',
            parameters: [due.customerId],
            buttons: 1,
            renderedText: 'Ciao',
          }),
      } satisfies ReminderComposer,
    },
    {
      provide: MESSAGE_QUOTA,
      useValue: {
        reserve: (_orgaId: string, count: number) => Promise.resolve(count),
        release: () => Promise.resolve(),
      } satisfies MessageQuota,
    },
    { provide: REMINDER_TIMINGS, useClass: TableTimings },
  ],
  exports: [REMINDER_COMPOSER, MESSAGE_QUOTA, REMINDER_TIMINGS],
})
class FreePortsModule {}

/** messaging with the scheduler on ports that cost nothing (the scale test). */
export function messagingWithFreePorts(clock: Clock): ServiceDefinition {
  @Module({ imports: [MessagingModule, ReminderModule.withPorts([FreePortsModule], { tickMs: 0, clock })] })
  class MessagingWithFreePortsModule {}
  return { ...messagingService, module: MessagingWithFreePortsModule };
}

/** A clock the test moves. */
export class ManualClock implements Clock {
  private at: number;
  constructor(iso: string) {
    this.at = Date.parse(iso);
  }
  now(): Date {
    return new Date(this.at);
  }
  set(iso: string): void {
    this.at = Date.parse(iso);
  }
}

/** messaging with the reminder scheduler on the test ports, no timer, and the test's clock. */
export function messagingWithScheduler(clock: Clock): ServiceDefinition {
  @Module({ imports: [MessagingModule, ReminderModule.withPorts([TestPortsModule], { tickMs: 0, clock })] })
  class MessagingWithSchedulerModule {}
  return { ...messagingService, module: MessagingWithSchedulerModule };
}

/** Publishes another service's event as its outbox relay does. */
export const emit = emitEvent;

/** Waits until a query answers a row (the consumers are asynchronous). */
export async function eventually<T>(
  env: TestEnv,
  sql: string,
  params: unknown[],
  accept: (rows: T[]) => boolean = (rows) => rows.length > 0,
): Promise<T[]> {
  const found = await until(
    async () => {
      const rows = await env.query<T>(sql, params);
      if (accept(rows)) return { rows };
      throw new Error(`${sql} ${JSON.stringify(params)} → ${JSON.stringify(rows)}`);
    },
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  return found.rows;
}

let versionClock = Date.parse('2026-06-01T00:00:00Z');
/** A source version later than every one before (as the sources' clock_timestamp()). */
export const nextVersion = () => new Date((versionClock += 1000)).toISOString();

export type World = { env: TestEnv; orgaId: string };

export async function store(env: TestEnv, orgaId: string, timeZone: string, country: string | null = 'IT'): Promise<string> {
  const storeId = randomUUID();
  await emit(env, storeCreatedEvent, {
    orga_id: orgaId,
    store_id: storeId,
    name: `Store ${timeZone}`,
    time_zone: timeZone,
    phone: '+39 06 1234567',
    country,
  });
  return storeId;
}

export const consenting: Omit<CustomerEventSnapshot, 'version'> = {
  first_name: 'Giulia',
  last_name: 'Bianchi',
  country: null,
  fon: '347 111 1111',
  fon_2: null,
  consent_messages: true,
  consent_reminders: true,
  consent_marketing: false,
};

/** A customer with one pet (born as given); answers their ids. */
export async function customerWithPet(
  env: TestEnv,
  ids: { orgaId: string; storeId: string },
  customer: Partial<Omit<CustomerEventSnapshot, 'version'>> = {},
  born: string | null = null,
): Promise<{ customerId: string; petId: string }> {
  const customerId = randomUUID();
  const petId = randomUUID();
  await emit(env, customerCreatedEvent, {
    orga_id: ids.orgaId,
    store_id: ids.storeId,
    customer_id: customerId,
    customer: { ...consenting, ...customer, version: nextVersion() },
  });
  await emit(env, petCreatedEvent, {
    orga_id: ids.orgaId,
    store_id: ids.storeId,
    pet_id: petId,
    customer_id: customerId,
    pet: { name: 'Fido', born, version: nextVersion() },
  });
  return { customerId, petId };
}

export function appointmentSnapshot(
  id: string,
  date: string,
  petIds: string[],
  extra: Partial<AppointmentEventSnapshot> = {},
): AppointmentEventSnapshot {
  return {
    id,
    date,
    hour: 10,
    min: 0,
    starts_at: `${date}T09:00:00.000Z`,
    full_day: false,
    status: 0,
    pet_ids: petIds,
    version: nextVersion(),
    ...extra,
  };
}

/** Books an appointment (as scheduling's created event says it); answers its id. */
export async function appointment(
  env: TestEnv,
  ids: { orgaId: string; storeId: string },
  date: string,
  petIds: string[],
  extra: Partial<AppointmentEventSnapshot> = {},
): Promise<string> {
  const id = randomUUID();
  await emit(env, appointmentCreatedEvent, {
    orga_id: ids.orgaId,
    store_id: ids.storeId,
    appointment_id: id,
    appointment_ids: [id],
    recurring_group_id: null,
    recurring_group_main: false,
    pet_ids: petIds,
    appointments: [appointmentSnapshot(id, date, petIds, extra)],
  });
  return id;
}

export type Job = { msgId: string | undefined; envelope: EventEnvelope<{ outbound_id: string }> };

/** Takes every send job waiting on WORK (a pull consumer of the test, in place of messaging-worker). */
export async function takeJobs(env: TestEnv): Promise<Job[]> {
  const stream = streamName({ subjectPrefix: env.subjectPrefix }, 'WORK');
  const jsm = await jetstreamManager(env.nats());
  await jsm.consumers
    .add(stream, {
      durable_name: 'test-send',
      ack_policy: AckPolicy.Explicit,
      filter_subject: `${env.subjectPrefix}${sendMessageWork.subject}`,
    })
    .catch(() => undefined);
  const consumer = await jetstream(env.nats()).consumers.get(stream, 'test-send');
  const jobs: Job[] = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 1000, expires: 1000 });
    let got = 0;
    for await (const message of batch as AsyncIterable<JsMsg>) {
      got += 1;
      jobs.push({ msgId: message.headers?.get('Nats-Msg-Id'), envelope: message.json<EventEnvelope<{ outbound_id: string }>>() });
      message.ack();
    }
    if (got === 0) return jobs;
  }
}
