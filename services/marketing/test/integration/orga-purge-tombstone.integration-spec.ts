import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  appointmentDeletedEvent,
  appointmentStatusEvent,
  customerCreatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  orgaCancelledEvent,
  petUpdatedEvent,
  tagDeletedEvent,
  type AudienceFilters,
  type CustomerEventSnapshot,
} from '@pawline/contracts';
import { dataSourceOptions, streamName, type RunningService } from '@pawline/nest-kit';
import { createTestEnv, emitEvent, until, type TestEnv } from '@pawline/nest-kit/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { rebuildAudience } from '../../src/audience/audience-rebuild';
import { AudienceService } from '../../src/audience/audience.service';
import { CampaignService } from '../../src/campaign/campaign.service';
import { marketingService } from '../../src/marketing.service-definition';
import { audienceEvents, eventClock } from './audience-events';

jest.setTimeout(180_000);

const NO_FILTERS: AudienceFilters = {
  months_absent: null,
  recent_visits: null,
  min_visits: null,
  max_declines: null,
  excluded_tag_ids: [],
  cities: [],
};
const CUSTOMER = 'marketing-audience-customer';
const PET = 'marketing-audience-pet';
const APPOINTMENT = 'marketing-audience-appointment';
const PURGE = 'marketing-orga-purge';

const clock = eventClock();
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * R1.17 on real Postgres and NATS: marketing's consumers are separate durables, so the purge of a cancelled
 * organization can run before the customer, pet and appointment consumers have taken that organization's older
 * events (a fresh start, a backlog). Those events must not bring its rows back, a campaign send racing the purge
 * must not leave its customers behind, and the rebuild keeps to the same tombstones; other organizations go on.
 */
describe('marketing purge of a cancelled organization against consumers that are behind', () => {
  let env: TestEnv;
  let marketing: RunningService;
  let db: DataSource;
  /** a second connection that holds what the test stalls */
  let blocker: Client;
  const store = randomUUID();
  const cancelled = randomUUID();
  const normal = randomUUID();
  const c = {
    customer: randomUUID(),
    dog: randomUUID(),
    appointment: randomUUID(),
    tag: randomUUID(),
  };
  const n = { customer: randomUUID(), dog: randomUUID(), appointment: randomUUID(), late: randomUUID() };
  const savedEnv = { ...process.env };

  const events = audienceEvents(() => env, store, clock);
  const { pet, appointment } = events;
  const customer = (
    orgaId: string,
    customerId: string,
    fields: Partial<CustomerEventSnapshot> = {},
    contract: typeof customerCreatedEvent | typeof customerUpdatedEvent = customerCreatedEvent,
  ) => events.customer(orgaId, customerId, { city: 'Milano', tag_ids: [], ...fields }, contract);

  /** The organization's rows in each audience and campaign table. */
  const rows = async (orgaId: string) => {
    const counts: Record<string, number> = {};
    for (const table of ['audience_customer', 'audience_pet', 'audience_appointment', 'audience_visit', 'campaign', 'campaign_customer']) {
      const [row] = await env.query<{ n: number }>(`SELECT count(*)::int AS n FROM marketing.${table} WHERE orga_id = $1`, [orgaId]);
      counts[table] = row.n;
    }
    return counts;
  };
  const none = {
    audience_customer: 0,
    audience_pet: 0,
    audience_appointment: 0,
    audience_visit: 0,
    campaign: 0,
    campaign_customer: 0,
  };
  const count = (orgaId: string) => new AudienceService(db).count(orgaId, store, NO_FILTERS);
  const processed = async (durable: string, eventId: string) =>
    (await env.query(`SELECT 1 FROM marketing.processed_event WHERE durable = $1 AND event_id = $2`, [durable, eventId])).length > 0;
  /** every marketing consumer has taken every event published so far */
  const settled = async () => {
    const jsm = await jetstreamManager(env.nats());
    const stream = streamName({ subjectPrefix: env.subjectPrefix }, 'EVENTS');
    for (const durable of [CUSTOMER, PET, APPOINTMENT, PURGE]) {
      const info = await jsm.consumers.info(stream, durable);
      if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  };
  /** Sessions of this database waiting for a lock while running a statement like this (LIKE). */
  const waiting = async (statement: string) => {
    const [row] = await env.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND ltrim(query) LIKE $1`,
      [statement],
    );
    return row.n;
  };

  beforeAll(async () => {
    process.env['MARKETING_SCHEDULER_MS'] = '3600000';
    env = await createTestEnv();
    db = new DataSource(dataSourceOptions(marketingService, env.config('marketing')));
    await env.query(`CREATE SCHEMA IF NOT EXISTS marketing`);
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
    blocker = new Client({ connectionString: env.databaseUrl });
    await blocker.connect();
  });

  afterAll(async () => {
    await blocker?.end().catch(() => undefined);
    await db?.destroy();
    await env?.dispose();
    process.env = savedEnv;
  });

  it('R1.17 the customer, pet and appointment consumers, behind the purge on a fresh start, write nothing of the cancelled organization', async () => {
    // the history in the stream before marketing starts: the cancelled salon's, the other salon's, then the cancellation
    const first = {
      [CUSTOMER]: await customer(cancelled, c.customer, { tag_ids: [c.tag] }),
      [PET]: await pet(cancelled, c.dog, c.customer),
      [APPOINTMENT]: await appointment(cancelled, c.appointment, c.dog, daysAgo(40)),
    };
    await customer(normal, n.customer);
    await pet(normal, n.dog, n.customer);
    await appointment(normal, n.appointment, n.dog, daysAgo(30));
    const cancellation = await emitEvent(env, orgaCancelledEvent, { orga_id: cancelled });

    // the three consumers stall on their first event (its processed_event row is held by an open transaction)
    // until the purge, a durable of its own, has committed: the order a backlog or a fresh start can give
    await blocker.query('BEGIN');
    for (const [durable, event] of Object.entries(first)) {
      await blocker.query(`INSERT INTO marketing.processed_event (durable, event_id) VALUES ($1, $2)`, [durable, event.id]);
    }
    marketing = await env.start(marketingService);
    await until(() => processed(PURGE, cancellation.id));
    await until(async () => (await waiting('INSERT INTO "marketing"."processed_event"%')) === 3);
    expect(await rows(cancelled)).toEqual(none);
    await blocker.query('ROLLBACK');

    await until(settled);
    for (const [durable, event] of Object.entries(first)) expect(await processed(durable, event.id)).toBe(true);
    expect(await rows(cancelled)).toEqual(none);
    expect(await env.query(`SELECT orga_id FROM marketing.orga_tombstone`)).toEqual([{ orga_id: cancelled }]);
    expect(await count(cancelled)).toBe(0);
    // the other salon: its customer, pet, appointment and visit as crm and scheduling said
    expect(await rows(normal)).toEqual({ ...none, audience_customer: 1, audience_pet: 1, audience_appointment: 1, audience_visit: 1 });
    expect(await count(normal)).toBe(1);
  });

  it('R1.17 events of the cancelled organization that arrive after its purge (older versions, deletions, tags) bring nothing back', async () => {
    clock.rewind(3_600_000); // crm's and scheduling's clocks of events written before the cancellation
    await customer(cancelled, c.customer, { first_name: 'Ancora' }, customerUpdatedEvent);
    await customer(cancelled, randomUUID());
    const otherDog = randomUUID();
    await pet(cancelled, otherDog, c.customer);
    await pet(cancelled, c.dog, c.customer, petUpdatedEvent);
    await appointment(cancelled, c.appointment, c.dog, daysAgo(40), 2, appointmentStatusEvent);
    await appointment(cancelled, randomUUID(), otherDog, daysAgo(5));
    // a deleted appointment is written as a tombstone row: not for a purged organization either
    const gone = randomUUID();
    await emitEvent(env, appointmentDeletedEvent, {
      orga_id: cancelled,
      store_id: store,
      appointment_id: gone,
      appointment_ids: [gone],
      recurring_group_id: null,
      recurring_group_main: false,
      pet_ids: [c.dog],
    });
    await emitEvent(env, tagDeletedEvent, { orga_id: cancelled, store_id: null, tag_id: c.tag, kind: 'customer' });
    await emitEvent(env, customerDeletedEvent, { orga_id: cancelled, store_id: store, customer_id: c.customer });
    // the other salon goes on
    await customer(normal, n.late, { city: 'Torino' });
    await until(settled);

    expect(await rows(cancelled)).toEqual(none);
    expect(await rows(normal)).toEqual({ ...none, audience_customer: 2, audience_pet: 1, audience_appointment: 1, audience_visit: 1 });
    expect(await count(normal)).toBe(2);
  });

  it('R1.17 a campaign of a purged organization: a send racing the purge leaves no campaign customer, and no new campaign is created', async () => {
    const racing = randomUUID();
    const racingCustomer = randomUUID();
    await customer(racing, racingCustomer);
    await until(settled);
    const campaignId = randomUUID();
    await env.query(
      `INSERT INTO marketing.campaign (id, orga_id, store_id, name, state, filters, queued_at) VALUES ($1, $2, $3, 'Promo', 'queued', $4, now())`,
      [campaignId, racing, store, JSON.stringify(NO_FILTERS)],
    );
    const campaigns = marketing.app.get(CampaignService);

    // the send has taken the campaign's row and is reading its audience (held here) when the cancellation comes
    await blocker.query('BEGIN');
    await blocker.query(`LOCK TABLE marketing.audience_customer IN ACCESS EXCLUSIVE MODE`);
    const sending = campaigns.sendOneDue(new Date(Date.now() + 1000));
    await until(async () => (await waiting('%audience_customer%')) === 1);
    const cancellation = await emitEvent(env, orgaCancelledEvent, { orga_id: racing });
    await until(async () => (await waiting('DELETE FROM campaign WHERE%')) === 1);
    await blocker.query('COMMIT');
    expect(await sending).toBe(campaignId);
    await until(() => processed(PURGE, cancellation.id));
    await until(settled);
    expect(await rows(racing)).toEqual(none);

    // a create that passed its access check while the organization was cancelled
    await expect(
      campaigns.create(
        racing,
        store,
        { name: 'Dopo', summary: '', send_at: null, template_id: null, filters: NO_FILTERS },
        { orgaId: racing, storeId: store, actor: null },
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await rows(racing)).toEqual(none);
  });

  it('R1.17 the rebuild drops every tombstoned organization and agrees with the live consumers', async () => {
    const live = await rows(normal);
    const report = await rebuildAudience(db, env.nats(), { subjectPrefix: env.subjectPrefix });
    expect(report).toMatchObject({ customers: 2, pets: 1, appointments: 1, visits: 1 });
    expect(await rows(cancelled)).toEqual(none);
    expect(await rows(normal)).toEqual(live);

    // an organization purged whose cancellation the stream no longer holds (a restored stream): the table rules
    await env.query(`INSERT INTO marketing.orga_tombstone (orga_id, cancelled_at) VALUES ($1, now())`, [normal]);
    const after = await rebuildAudience(db, env.nats(), { subjectPrefix: env.subjectPrefix });
    expect(after).toMatchObject({ customers: 0, pets: 0, appointments: 0, visits: 0 });
    expect(await rows(normal)).toEqual(none);
  });
});
