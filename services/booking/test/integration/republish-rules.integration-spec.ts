import { randomUUID } from 'node:crypto';
import { bookingRuleCreatedEvent, getSalonStatisticsRpc } from '@pawline/contracts';
import { OutboxService, dataSourceOptions, type NatsRpcClient } from '@pawline/nest-kit';
import { call, consumersIdle, createTestEnv, emitEvent, type TestEnv } from '@pawline/nest-kit/testing';
import { DataSource } from 'typeorm';
import { analyticsService } from '../../../analytics/src/analytics.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { bookingService } from '../../src/booking.service-definition';
import { republishRules } from '../../src/rule/republish-rules';
import { TEST_SECRET, salon, until, type Salon } from './booking-test-helpers';

jest.setTimeout(180_000);

/**
 * R1.12 staff utilisation for rules made before booking's rule.created carried the rule: the republish-rules
 * command publishes each rule again through booking's outbox and analytics learns the working hours (real
 * Postgres and NATS; identity, booking and analytics in-process).
 */
describe('booking republish-rules → analytics working hours', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let db: DataSource;
  let anna: Salon;

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(bookingService);
    await env.start(analyticsService);
    client = env.rpcClient();
    anna = await salon(env, client, 'Anna');
    db = new DataSource(dataSourceOptions(bookingService, env.config('booking')));
    await db.initialize();
  });

  afterAll(async () => {
    await db?.destroy();
    await env.dispose();
  });

  const staff = async () => {
    const stats = await call(
      client,
      getSalonStatisticsRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, period: '7d', bucket: 'day' },
      anna.auth,
    );
    return stats.staff.find((s) => s.user_id === anna.userId) ?? null;
  };
  const settled = () => until(() => consumersIdle(env.nats(), env.subjectPrefix), Boolean, 'every consumer idle');
  const workRules = () => env.query(`SELECT * FROM analytics.work_rule ORDER BY rule_id`);
  const published = () =>
    env.query<{ n: string }>(`SELECT count(*) AS n FROM booking.outbox_event WHERE subject = $1 AND published_at IS NOT NULL`, [
      bookingRuleCreatedEvent.subject,
    ]);

  it('R1.12 a rule whose event lacked it counts in utilisation after the command, from when booking made it; a second run changes nothing', async () => {
    // a rule made two weeks ago, before the event carried it: booking's row, and the id-only event analytics got then
    const ruleId = randomUUID();
    const madeAt = new Date(Date.now() - 14 * 86_400_000).toISOString();
    await env.query(
      `INSERT INTO booking.booking_rule (id, orga_id, store_id, user_id, kind, weekday, start_date, end_date, date_start, date_end,
         start_hour, start_min, start_sec, end_hour, end_min, end_sec, created_at)
       VALUES ($1, $2, $3, $4, 'open', NULL, NULL, NULL, 0, 0, 9, 0, 0, 17, 0, 0, $5)`,
      [ruleId, anna.orgaId, anna.storeId, anna.userId, madeAt],
    );
    await emitEvent(env, bookingRuleCreatedEvent, { orga_id: anna.orgaId, store_id: anna.storeId, rule_id: ruleId }, madeAt);
    await settled();
    expect(await workRules()).toEqual([]);
    expect(await staff()).toBeNull();

    const first = await republishRules(db, new OutboxService(env.config('booking')));
    expect(first).toMatchObject({ rules: 1, pages: 1 });
    await until(published, ([row]) => Number(row?.n) === 1, 'the relay published the rule');
    await until(workRules, (rows) => rows.length === 1, 'analytics knows the working hours');
    // every day of the last seven, 09:00-17:00, no appointment booked
    expect(await staff()).toEqual({
      user_id: anna.userId,
      appointments: 0,
      minutes: 0,
      share_percent: 0,
      working_minutes: 7 * 8 * 60,
      utilisation_percent: 0,
    });
    const [row] = await workRules();
    expect(row).toMatchObject({ rule_id: ruleId, user_id: anna.userId, start_sec: 9 * 3600, end_sec: 17 * 3600, deleted_at: null });
    expect((row as { created_at: Date }).created_at.toISOString()).toBe(madeAt);

    const before = { rules: await workRules(), staff: await staff() };
    expect(await republishRules(db, new OutboxService(env.config('booking')))).toMatchObject({ rules: 1 });
    await until(published, ([r]) => Number(r?.n) === 2, 'the relay published the rule again');
    await settled();
    expect({ rules: await workRules(), staff: await staff() }).toEqual(before);
  });
});
