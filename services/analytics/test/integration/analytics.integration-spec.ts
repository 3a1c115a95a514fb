import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  bookingRuleCreatedEvent,
  bookingRuleDeletedEvent,
  bookingSlotAcceptedEvent,
  campaignMessageStatusEvent,
  campaignSentEvent,
  cancelOrgaRpc,
  checkOutAppointmentRpc,
  createAppointmentRpc,
  createTreatmentRpc,
  customerAppointmentStatusRpc,
  deleteAppointmentRpc,
  petCreatedEvent,
  reminderStatusChangedEvent,
  updateAppointmentStatusRpc,
  type EventEnvelope,
} from '@pawline/contracts';
import { addDays, formatLocalDate, instantToLocal, parseLocalDate } from '@pawline/domain';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, emitEvent, signUpOwner, until, type SignedUpOwner, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { dataSourceOptions } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { analyticsService } from '../../src/analytics.service-definition';
import { rebuildProjection } from '../../src/projection/rebuild';

jest.setTimeout(180_000);

const TEST_SECRET = 'analytics-integration-secret-0123456789abcdef';
type Salon = SignedUpOwner & { storeId: string };

/** Waits through the kit's until for `check` to hold; a failure names `what`. */
const settled = (check: () => Promise<boolean>, what: string) => until(check, { timeoutMs: 10_000, intervalMs: 50, what });

describe('analytics statistics through the gateway (real Postgres, NATS; scheduling drives the events)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  let base = '';
  let anna: Salon;
  let jurgen: Salon;
  let today = '';
  const schedulingEvents: EventEnvelope[] = [];

  const count = async (sql: string, params: unknown[]) => Number((await env.query<{ n: string }>(sql, params))[0]?.n ?? 0);
  const http = async (salon: Salon | null, path: string) => {
    const response = await fetch(`${base}/api/v1/orga/${anna.orgaId}/${path}`, {
      headers: salon ? { authorization: `Bearer ${salon.token}` } : {},
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field below
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const revenue = () =>
    count(`SELECT coalesce(sum(amount), 0) AS n FROM analytics.stat_cell WHERE store_id = $1 AND kind = 'done'`, [anna.storeId]);

  async function salonOf(firstName: string): Promise<Salon> {
    const owner = await signUpOwner(client, TEST_SECRET, firstName);
    const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [owner.orgaId]);
    return { ...owner, storeId: store.id };
  }

  async function pet(salon: Salon, customerId: string): Promise<string> {
    const petId = randomUUID();
    await emitEvent(env, petCreatedEvent, { orga_id: salon.orgaId, store_id: salon.storeId, pet_id: petId, customer_id: customerId });
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM scheduling.pet_ref WHERE pet_id = $1`, [petId])) === 1,
      'pet in scheduling',
    );
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM analytics.pet_owner WHERE pet_id = $1`, [petId])) === 1,
      'pet in analytics',
    );
    return petId;
  }

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(schedulingService);
    service = await env.start(analyticsService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,scheduling,analytics';
    base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    client = env.rpcClient();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.scheduling.appointment.>`);
    void (async () => {
      for await (const message of events) schedulingEvents.push(JSON.parse(message.string()) as EventEnvelope);
    })();
    anna = await salonOf('Anna');
    jurgen = await salonOf('Jurgen');
    today = formatLocalDate(instantToLocal(Date.now(), 'Europe/Rome'));
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
  });

  it('R1.12 counts appointments, revenue net of discount, hours, treatments, staff, customers and the booking share from scheduling, crm and booking events', async () => {
    const [c1, c2] = [randomUUID(), randomUUID()];
    const [p1, p2] = [await pet(anna, c1), await pet(anna, c2)];
    const wash = await call(client, createTreatmentRpc, { orga_id: anna.orgaId, name: 'Wash', default_duration: 60 }, anna.auth);
    const book = async (petId: string, hour: number, treatments: string[]) =>
      (
        await call(
          client,
          createAppointmentRpc,
          {
            orga_id: anna.orgaId,
            store_id: anna.storeId,
            appointment: { date: today, hour, min: 0, duration: 60, pet_ids: [petId], treatment_ids: treatments, price: 5000 },
          },
          anna.auth,
        )
      ).items[0];
    const first = await book(p1, 10, [wash.id]);
    const second = await book(p2, 15, []);
    await call(
      client,
      checkOutAppointmentRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, appointment_id: first.id, final_price: 5000, discount: 500 },
      anna.auth,
    );
    await emitEvent(env, bookingSlotAcceptedEvent, {
      orga_id: anna.orgaId,
      store_id: anna.storeId,
      slot_id: randomUUID(),
      appointment_id: second.id,
    });
    await settled(async () => (await revenue()) === 4500, 'the check-out counted');
    await settled(
      async () =>
        (await count(`SELECT coalesce(sum(count), 0) AS n FROM analytics.stat_cell WHERE store_id = $1 AND kind = 'booked'`, [
          anna.storeId,
        ])) === 1,
      'the booking counted',
    );

    // a redelivered change (same snapshot, new event id: the kit's dedupe does not catch it) changes nothing
    const done = schedulingEvents.find((e) => e.subject.endsWith('evt.scheduling.appointment.done.v1'))!;
    const again = { ...done, id: randomUUID() };
    await jetstream(env.nats()).publish(`${env.subjectPrefix}${done.subject}`, JSON.stringify(again), { msgID: again.id });
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM analytics.processed_event WHERE event_id = $1`, [again.id])) === 1,
      'the repeated event processed',
    );
    expect(await revenue()).toBe(4500);

    const salon = await http(anna, `store/${anna.storeId}/analyses/salon?period=7d&bucket=day`);
    expect(salon.status).toBe(200);
    expect(salon.body).toMatchObject({
      period: '7d',
      bucket: 'day',
      to: today,
      time_zone: 'Europe/Rome',
      totals: { appointments: 2, checked_out: 1, revenue_cents: 4500, average_ticket_cents: 4500, declined: 0 },
      hours: [
        { hour: 10, appointments: 1 },
        { hour: 15, appointments: 1 },
      ],
      treatments: [{ treatment_id: wash.id, appointments: 1, revenue_cents: 4500 }],
      staff: [{ user_id: null, appointments: 2, minutes: 120, share_percent: 100 }],
    });
    expect(salon.body['series']).toHaveLength(7);
    expect(salon.body['series'][6]).toEqual({ bucket: today, appointments: 2, checked_out: 1, revenue_cents: 4500 });

    const customers = await http(anna, `store/${anna.storeId}/analyses/customers?period=12m&bucket=month`);
    expect(customers.status).toBe(200);
    expect(customers.body['totals']).toMatchObject({
      customers: 2,
      new_customers: 2,
      returning_customers: 0,
      visits: 2,
      visits_per_customer: 1,
      booked_appointments: 1,
      booking_share_percent: 50,
    });
    expect(customers.body['series']).toHaveLength(12);

    const orga = await http(anna, 'analyses?period=30d&bucket=month');
    expect(orga.status).toBe(200);
    expect(orga.body['totals']).toMatchObject({ appointments: 2, revenue_cents: 4500, customers: 2 });
    expect(orga.body['stores']).toEqual([
      {
        store_id: anna.storeId,
        appointments: 2,
        checked_out: 1,
        revenue_cents: 4500,
        average_ticket_cents: 4500,
        customers: 2,
        reminders: { sent: 0, read: 0, confirmed: 0, declined: 0 },
        campaigns: { campaigns: 0, customers: 0, messages: 0, read: 0, confirmed: 0, unsubscribed: 0 },
      },
    ]);
    expect(orga.body['reminders']['totals']).toEqual({ sent: 0, read: 0, confirmed: 0, declined: 0 });

    // a deleted appointment stops counting, its customer with it
    await call(client, deleteAppointmentRpc, { orga_id: anna.orgaId, store_id: anna.storeId, appointment_id: second.id }, anna.auth);
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM analytics.customer_span WHERE store_id = $1`, [anna.storeId])) === 1,
      'the deletion counted',
    );
    const after = await http(anna, `store/${anna.storeId}/analyses/customers?period=7d&bucket=day`);
    expect(after.body['totals']).toMatchObject({ customers: 1, visits: 1, booked_appointments: 0 });

    // booked ahead: the period ends today, so a visit after today is not one of it (c1 again, and c3 only ahead)
    const ahead = formatLocalDate(addDays(parseLocalDate(today), 3));
    const p3 = await pet(anna, randomUUID());
    for (const petId of [p1, p3])
      await call(
        client,
        createAppointmentRpc,
        { orga_id: anna.orgaId, store_id: anna.storeId, appointment: { date: ahead, hour: 9, min: 0, duration: 30, pet_ids: [petId] } },
        anna.auth,
      );
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM analytics.customer_span WHERE store_id = $1`, [anna.storeId])) === 2,
      'the bookings ahead counted',
    );
    const withAhead = await http(anna, `store/${anna.storeId}/analyses/customers?period=30d&bucket=day`);
    expect(withAhead.body['totals']).toMatchObject({ customers: 1, new_customers: 1, returning_customers: 0, visits: 1 });
    expect((await http(anna, 'analyses?period=12m&bucket=month')).body['totals']).toMatchObject({ customers: 1, appointments: 1 });
  });

  it("R1.12 counts reminders sent and read (messaging), customers' answers (not staff's statuses), campaigns' results and staff utilisation over booking's working hours", async () => {
    const customer = randomUUID();
    const petId = await pet(anna, customer);
    const [appointment] = (
      await call(
        client,
        createAppointmentRpc,
        {
          orga_id: anna.orgaId,
          store_id: anna.storeId,
          appointment: { date: today, hour: 11, min: 0, duration: 120, pet_ids: [petId], user_id: anna.userId },
        },
        anna.auth,
      )
    ).items;
    // the groomer works 09:00-17:00 every day since ten days ago; an exception rule made and deleted the same day never counts
    const since = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const rule = (id: string, kind: 'open' | 'closed', start_hour: number, end_hour: number) => ({
      id,
      orga_id: anna.orgaId,
      store_id: anna.storeId,
      user_id: anna.userId,
      kind,
      weekday: null,
      date_start: 0,
      date_end: 0,
      start_hour,
      start_min: 0,
      start_sec: 0,
      end_hour,
      end_min: 0,
      end_sec: 0,
      start_date: null,
      end_date: null,
      start_time: '',
      end_time: '',
      created_at: since,
    });
    const [hours, dayOff] = [randomUUID(), randomUUID()];
    await emitEvent(
      env,
      bookingRuleCreatedEvent,
      { orga_id: anna.orgaId, store_id: anna.storeId, rule_id: hours, rule: rule(hours, 'open', 9, 17) },
      since,
    );
    await emitEvent(
      env,
      bookingRuleCreatedEvent,
      { orga_id: anna.orgaId, store_id: anna.storeId, rule_id: dayOff, rule: rule(dayOff, 'closed', 0, 24) },
      since,
    );
    await emitEvent(env, bookingRuleDeletedEvent, { orga_id: anna.orgaId, store_id: anna.storeId, rule_id: dayOff }, since);

    // a reminder: sent, then read (twice: a repeat changes nothing); another one failed
    const outbound = randomUUID();
    const reminder = (outbound_id: string, reminder_status: number) => ({
      orga_id: anna.orgaId,
      store_id: anna.storeId,
      appointment_id: appointment.id,
      outbound_id,
      reminder_status,
    });
    await emitEvent(env, reminderStatusChangedEvent, reminder(outbound, 1));
    await emitEvent(env, reminderStatusChangedEvent, reminder(outbound, 3));
    await emitEvent(env, reminderStatusChangedEvent, reminder(outbound, 3));
    await emitEvent(env, reminderStatusChangedEvent, reminder(randomUUID(), 5));
    // the customer confirms from WhatsApp (messaging calls scheduling, which publishes status_by_customer) …
    await call(client, customerAppointmentStatusRpc, { orga_id: anna.orgaId, appointment_id: appointment.id, status: 1 }, null);
    // … while a status staff set on another appointment is not a customer's answer
    const [other] = (
      await call(
        client,
        createAppointmentRpc,
        { orga_id: anna.orgaId, store_id: anna.storeId, appointment: { date: today, hour: 16, min: 0, duration: 30, pet_ids: [petId] } },
        anna.auth,
      )
    ).items;
    await call(
      client,
      updateAppointmentStatusRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, appointment_id: other.id, status: 2 },
      anna.auth,
    );

    // a campaign to two customers: one read it and tapped 'read', the other could not be messaged
    const campaign = randomUUID();
    const [reader, unreachable] = [randomUUID(), randomUUID()];
    await emitEvent(env, campaignSentEvent, { orga_id: anna.orgaId, store_id: anna.storeId, campaign_id: campaign, customers: 2 });
    const message = (customer_id: string, status: number, confirmed?: boolean) => ({
      orga_id: anna.orgaId,
      store_id: anna.storeId,
      campaign_id: campaign,
      customer_id,
      outbound_id: status === 5 ? null : randomUUID(),
      status,
      ...(confirmed === undefined ? {} : { confirmed }),
    });
    await emitEvent(env, campaignMessageStatusEvent, message(reader, 1));
    await emitEvent(env, campaignMessageStatusEvent, message(reader, 3));
    await emitEvent(env, campaignMessageStatusEvent, message(reader, 4, true));
    await emitEvent(env, campaignMessageStatusEvent, message(unreachable, 5));

    const moments = (kind: string) =>
      count(`SELECT coalesce(sum(count), 0) AS n FROM analytics.moment_cell WHERE store_id = $1 AND kind = $2`, [anna.storeId, kind]);
    await settled(
      async () => (await moments('campaign_confirmed')) === 1 && (await moments('reminder_confirmed')) === 1,
      'reminders and campaigns counted',
    );
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM analytics.work_rule WHERE deleted_at IS NOT NULL`, [])) === 1,
      'the working hours kept',
    );
    await settled(
      async () =>
        (await count(`SELECT coalesce(sum(count), 0) AS n FROM analytics.stat_cell WHERE store_id = $1 AND kind = 'declined'`, [
          anna.storeId,
        ])) === 1,
      "the staff's status counted",
    );

    const salon = await http(anna, `store/${anna.storeId}/analyses/salon?period=7d&bucket=day`);
    expect(salon.status).toBe(200);
    expect(salon.body['reminders']['totals']).toEqual({ sent: 1, read: 1, confirmed: 1, declined: 0 });
    expect(salon.body['reminders']['series']).toHaveLength(7);
    expect(salon.body['reminders']['series'][6]).toEqual({ bucket: today, sent: 1, read: 1, confirmed: 1, declined: 0 });
    expect(salon.body['campaigns']['totals']).toEqual({ campaigns: 1, customers: 2, messages: 1, read: 1, confirmed: 1, unsubscribed: 0 });
    // 120 booked minutes over 7 days of 8 working hours
    const groomer = salon.body['staff'].find((s: { user_id: string | null }) => s.user_id === anna.userId);
    expect(groomer).toEqual({
      user_id: anna.userId,
      appointments: 1,
      minutes: 120,
      share_percent: expect.any(Number),
      working_minutes: 7 * 8 * 60,
      utilisation_percent: 3.6,
    });
    expect(salon.body['staff'].find((s: { user_id: string | null }) => s.user_id === null)).toMatchObject({
      working_minutes: null,
      utilisation_percent: null,
    });

    const customers = await http(anna, `store/${anna.storeId}/analyses/customers?period=7d&bucket=day`);
    expect(customers.body['totals']).toMatchObject({ reminders_confirmed: 1, reminders_declined: 0 });
    expect(customers.body['series'][6]).toMatchObject({ reminders_confirmed: 1, reminders_declined: 0 });

    // the organization's page: each store's reminders and campaigns, and all its stores' together (a second
    // store of Anna's sent two reminders, one read; Jurgen's organization's reminder is not Anna's)
    const second = randomUUID();
    const elsewhere = (orga_id: string, store_id: string, outbound_id: string, reminder_status: number) =>
      emitEvent(env, reminderStatusChangedEvent, { orga_id, store_id, appointment_id: randomUUID(), outbound_id, reminder_status });
    const [o1, o2] = [randomUUID(), randomUUID()];
    await elsewhere(anna.orgaId, second, o1, 1);
    await elsewhere(anna.orgaId, second, o1, 3);
    await elsewhere(anna.orgaId, second, o2, 1);
    await elsewhere(jurgen.orgaId, jurgen.storeId, randomUUID(), 1);
    await settled(
      async () =>
        (await count(`SELECT coalesce(sum(count), 0) AS n FROM analytics.moment_cell WHERE kind = 'reminder_sent' AND store_id = ANY($1)`, [
          [second, jurgen.storeId],
        ])) === 3,
      "the other stores' reminders counted",
    );
    const orga = await http(anna, 'analyses?period=7d&bucket=day');
    expect(orga.status).toBe(200);
    expect(orga.body['reminders']['totals']).toEqual({ sent: 3, read: 2, confirmed: 1, declined: 0 });
    expect(orga.body['reminders']['series']).toHaveLength(7);
    expect(orga.body['reminders']['series'][6]).toEqual({ bucket: today, sent: 3, read: 2, confirmed: 1, declined: 0 });
    expect(orga.body['campaigns']['totals']).toEqual({ campaigns: 1, customers: 2, messages: 1, read: 1, confirmed: 1, unsubscribed: 0 });
    const storeOf = (id: string) => orga.body['stores'].find((s: { store_id: string }) => s.store_id === id);
    expect(storeOf(anna.storeId)).toMatchObject({
      reminders: { sent: 1, read: 1, confirmed: 1, declined: 0 },
      campaigns: { campaigns: 1, customers: 2, messages: 1, read: 1, confirmed: 1, unsubscribed: 0 },
    });
    expect(storeOf(second)).toEqual({
      store_id: second,
      appointments: 0,
      checked_out: 0,
      revenue_cents: 0,
      average_ticket_cents: 0,
      customers: 0,
      reminders: { sent: 2, read: 1, confirmed: 0, declined: 0 },
      campaigns: { campaigns: 0, customers: 0, messages: 0, read: 0, confirmed: 0, unsubscribed: 0 },
    });
    expect(orga.body['stores']).toHaveLength(2);
  });

  it('R1.12 a rebuild replays the stream into fresh tables and leaves the statistics the consumer left', async () => {
    const state = async () =>
      Promise.all([
        env.query(
          `SELECT store_id, day::text, kind, key, count, amount FROM analytics.stat_cell WHERE count <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4`,
        ),
        env.query(`SELECT store_id, day::text, customer_id, visits FROM analytics.customer_visit_day ORDER BY 1, 2, 3`),
        env.query(`SELECT store_id, month::text, customer_id, visits FROM analytics.customer_visit_month ORDER BY 1, 2, 3`),
        env.query(`SELECT store_id, customer_id, first_day::text, last_day::text FROM analytics.customer_span ORDER BY 1, 2`),
        env.query(`SELECT id, version, facts FROM analytics.appointment_fact ORDER BY id`),
        env.query(`SELECT store_id, slot, kind, count, amount FROM analytics.moment_cell WHERE count <> 0 OR amount <> 0 ORDER BY 1, 2, 3`),
        env.query(`SELECT * FROM analytics.reminder_fact ORDER BY outbound_id`),
        env.query(`SELECT * FROM analytics.reminder_answer ORDER BY appointment_id`),
        env.query(`SELECT * FROM analytics.campaign_fact ORDER BY campaign_id`),
        env.query(`SELECT * FROM analytics.campaign_message_fact ORDER BY campaign_id, customer_id`),
        env.query(`SELECT * FROM analytics.work_rule ORDER BY rule_id`),
      ]);
    const live = await state();
    expect(live[0].length).toBeGreaterThan(0);
    const db = new DataSource(dataSourceOptions(analyticsService, env.config('analytics')));
    await db.initialize();
    try {
      await env.query(`UPDATE analytics.stat_cell SET count = count + 100`);
      await env.query(`UPDATE analytics.moment_cell SET count = count + 100`);
      const report = await rebuildProjection(db, env.nats(), { subjectPrefix: env.subjectPrefix });
      expect(report.events).toBeGreaterThanOrEqual(6);
      expect(report.appointments).toBe(6);
    } finally {
      await db.destroy();
    }
    expect(await state()).toEqual(live);
  });

  it('R2.02 R6.06 keeps statistics to administrators of the organization: 403 for another organization, 401 without a token, 400 for an unknown period', async () => {
    expect((await http(jurgen, `store/${anna.storeId}/analyses/salon`)).status).toBe(403);
    expect((await http(jurgen, `store/${anna.storeId}/analyses/customers`)).status).toBe(403);
    expect((await http(jurgen, 'analyses')).status).toBe(403);
    expect((await http(null, 'analyses')).status).toBe(401);
    expect(await http(anna, `store/${anna.storeId}/analyses/salon?period=5y`)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect((await http(anna, `store/${anna.storeId}/analyses/salon?bucket=day&extra=1`)).status).toBe(400);
    // the default period is the last 30 days, daily
    expect((await http(anna, `store/${anna.storeId}/analyses/salon`)).body).toMatchObject({ period: '30d', bucket: 'day' });
  });

  it("R1.17 purges a cancelled organization's statistics", async () => {
    await call(client, cancelOrgaRpc, { orga_id: anna.orgaId, confirm_name: anna.orgaName }, anna.auth);
    await settled(
      async () => (await count(`SELECT count(*) AS n FROM analytics.stat_cell WHERE orga_id = $1`, [anna.orgaId])) === 0,
      'the purge',
    );
    expect(await count(`SELECT count(*) AS n FROM analytics.appointment_fact WHERE orga_id = $1`, [anna.orgaId])).toBe(0);
  });
});
