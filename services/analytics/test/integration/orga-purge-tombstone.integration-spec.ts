import { randomUUID } from 'node:crypto';
import {
  appointmentCreatedEvent,
  appointmentStatusEvent,
  bookingRuleCreatedEvent,
  campaignSentEvent,
  orgaCancelledEvent,
  petCreatedEvent,
  reminderStatusChangedEvent,
  type AppointmentEventSnapshot,
} from '@pawline/contracts';
import { dataSourceOptions } from '@pawline/nest-kit';
import { consumersIdle, createTestEnv, emitEvent, until, type TestEnv } from '@pawline/nest-kit/testing';
import { DataSource } from 'typeorm';
import { analyticsService } from '../../src/analytics.service-definition';
import { READ_MODEL_TABLES } from '../../src/projection/read-model-tables';
import { rebuildProjection } from '../../src/projection/rebuild';

jest.setTimeout(180_000);

let clock = Date.parse('2026-01-01T00:00:00Z');
/** scheduling's version: its clock when it wrote the event */
const nextVersion = () => new Date((clock += 1000)).toISOString().replace('Z', '000Z');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * R1.17 on real Postgres and NATS: analytics' consumers are separate durables (analytics-projection,
 * analytics-engagement, analytics-orga-purge), so after a restart or a backlog the purge of a cancelled
 * organization can run before the others have taken that organization's older events. Those events must not
 * bring its statistics back, the rebuild keeps to the same tombstones, and other organizations go on.
 */
describe('analytics purge of a cancelled organization against consumers that are behind', () => {
  let env: TestEnv;
  let db: DataSource;
  const cancelled = { orga: randomUUID(), store: randomUUID(), user: randomUUID() };
  const normal = { orga: randomUUID(), store: randomUUID(), user: randomUUID() };
  type Salon = typeof cancelled;

  const pet = (salon: Salon, petId: string, occurredAt?: string) =>
    emitEvent(env, petCreatedEvent, { orga_id: salon.orga, store_id: salon.store, pet_id: petId, customer_id: randomUUID() }, occurredAt);
  const appointment = (salon: Salon, id: string, petId: string, startsAt: Date, status = 0, occurredAt?: string) => {
    const snapshot: AppointmentEventSnapshot = {
      id,
      date: startsAt.toISOString().slice(0, 10),
      hour: 10,
      min: 0,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      full_day: false,
      status,
      pet_ids: [petId],
      user_id: salon.user,
      version: nextVersion(),
      duration: 60,
      price: 5000,
    };
    return emitEvent(
      env,
      status === 0 ? appointmentCreatedEvent : appointmentStatusEvent,
      {
        orga_id: salon.orga,
        store_id: salon.store,
        appointment_id: id,
        appointment_ids: [id],
        recurring_group_id: null,
        recurring_group_main: false,
        pet_ids: [petId],
        appointments: [snapshot],
      },
      occurredAt,
    );
  };
  const reminder = (salon: Salon, appointmentId: string, outboundId: string, status: number, occurredAt?: string) =>
    emitEvent(
      env,
      reminderStatusChangedEvent,
      { orga_id: salon.orga, store_id: salon.store, appointment_id: appointmentId, outbound_id: outboundId, reminder_status: status },
      occurredAt,
    );
  const workRule = (salon: Salon, occurredAt?: string) => {
    const id = randomUUID();
    return emitEvent(
      env,
      bookingRuleCreatedEvent,
      {
        orga_id: salon.orga,
        store_id: salon.store,
        rule_id: id,
        rule: {
          id,
          orga_id: salon.orga,
          store_id: salon.store,
          user_id: salon.user,
          kind: 'open',
          weekday: null,
          date_start: 0,
          date_end: 0,
          start_hour: 9,
          start_min: 0,
          start_sec: 0,
          end_hour: 17,
          end_min: 0,
          end_sec: 0,
          start_date: null,
          end_date: null,
          start_time: '',
          end_time: '',
          created_at: daysAgo(10).toISOString(),
        },
      },
      occurredAt,
    );
  };
  /** Some history of a salon: a pet, a done appointment, a reminder sent and read, working hours and a campaign. */
  const history = async (salon: Salon, occurredAt?: string) => {
    const [petId, appointmentId, outboundId] = [randomUUID(), randomUUID(), randomUUID()];
    await pet(salon, petId, occurredAt);
    await appointment(salon, appointmentId, petId, daysAgo(3), 0, occurredAt);
    await appointment(salon, appointmentId, petId, daysAgo(3), 2, occurredAt);
    await reminder(salon, appointmentId, outboundId, 1, occurredAt);
    await reminder(salon, appointmentId, outboundId, 3, occurredAt);
    await workRule(salon, occurredAt);
    await emitEvent(
      env,
      campaignSentEvent,
      { orga_id: salon.orga, store_id: salon.store, campaign_id: randomUUID(), customers: 3 },
      occurredAt,
    );
  };

  /** The organization's rows in each table of the read model. */
  const rows = async (orgaId: string) => {
    const counts: Record<string, number> = {};
    for (const table of READ_MODEL_TABLES) {
      const [row] = await env.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics.${table} WHERE orga_id = $1`, [orgaId]);
      counts[table] = row.n;
    }
    return counts;
  };
  const none = Object.fromEntries(READ_MODEL_TABLES.map((table) => [table, 0]));
  /**
   * The organization's figures: its counters that are not zero (the consumer can leave a counter at zero, a
   * rebuild writes none) and the rows of every other table.
   */
  const figures = async (orgaId: string) => ({
    rows: Object.fromEntries(Object.entries(await rows(orgaId)).filter(([table]) => table !== 'stat_cell' && table !== 'moment_cell')),
    stat: await env.query(
      `SELECT store_id, day::text, kind, key, count, amount FROM analytics.stat_cell
        WHERE orga_id = $1 AND (count <> 0 OR amount <> 0) ORDER BY 1, 2, 3, 4`,
      [orgaId],
    ),
    moments: await env.query(
      `SELECT store_id, slot, kind, count, amount FROM analytics.moment_cell
        WHERE orga_id = $1 AND (count <> 0 OR amount <> 0) ORDER BY 1, 2, 3`,
      [orgaId],
    ),
  });
  const settled = () => until(() => consumersIdle(env.nats(), env.subjectPrefix));
  const processed = async (durable: string, eventId: string) =>
    (await env.query(`SELECT 1 FROM analytics.processed_event WHERE durable = $1 AND event_id = $2`, [durable, eventId])).length > 0;

  beforeAll(async () => {
    env = await createTestEnv();
    db = new DataSource(dataSourceOptions(analyticsService, env.config('analytics')));
  });

  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    await env?.dispose();
  });

  it("R1.17 the projection and engagement consumers, behind the purge, write nothing more of the cancelled organization's statistics", async () => {
    // the history in the stream before analytics starts (a fresh start: every durable from the first event)
    await history(cancelled);
    await history(normal);
    const cancellation = await emitEvent(env, orgaCancelledEvent, { orga_id: cancelled.orga });
    await env.start(analyticsService, { httpPort: 0 });
    await until(() => processed('analytics-orga-purge', cancellation.id));
    await settled();
    expect(await rows(cancelled.orga)).toEqual(none);
    const kept = await figures(normal.orga);
    expect(kept.stat.length).toBeGreaterThan(0);
    expect(kept.moments.length).toBeGreaterThan(0);
    expect(kept.rows['appointment_fact']).toBe(1);
    expect(kept.rows['reminder_fact']).toBe(1);
    expect(kept.rows['work_rule']).toBe(1);
    expect(kept.rows['campaign_fact']).toBe(1);

    // the cancelled salon's older events, taken by the consumers after the purge (a backlog): acknowledged, dropped
    await history(cancelled, daysAgo(2).toISOString());
    await settled();
    expect(await rows(cancelled.orga)).toEqual(none);
    expect(await figures(normal.orga)).toEqual(kept);

    // the other salon goes on
    await history(normal);
    await settled();
    const after = await rows(normal.orga);
    expect(after['appointment_fact']).toBe(2);
    expect(after['reminder_fact']).toBe(2);
    expect(after['work_rule']).toBe(2);
    expect(after['campaign_fact']).toBe(2);
  });

  it('R1.17 a rebuild replays the stream without the tombstoned organization and leaves the others as the consumers left them', async () => {
    const live = await figures(normal.orga);
    await db.initialize();
    const report = await rebuildProjection(db, env.nats(), { subjectPrefix: env.subjectPrefix });
    // the stream holds four histories of 7 events, two of them the cancelled salon's: read, then dropped
    expect(report.events).toBe(4 * 7);
    expect(report.appointments).toBe(2);
    expect(await rows(cancelled.orga)).toEqual(none);
    expect(await figures(normal.orga)).toEqual(live);
  });
});
