import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
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
import { dataSourceOptions, streamName } from '@pawline/nest-kit';
import { createTestEnv, emitEvent, until, type TestEnv } from '@pawline/nest-kit/testing';
import { DataSource } from 'typeorm';
import { rebuildAudience } from '../../src/audience/audience-rebuild';
import { AudienceService } from '../../src/audience/audience.service';
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
const DURABLES = ['marketing-audience-customer', 'marketing-audience-pet', 'marketing-audience-appointment', 'marketing-orga-purge'];

const clock = eventClock();
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * The audience's backfill on real Postgres and NATS, fed with crm's, scheduling's and identity's events as their
 * relays publish them: history written before marketing ran is rebuilt from the stream, the live consumers
 * agree with it, a lost read model comes back, and a rebuild under live traffic loses no event.
 */
describe('marketing audience rebuild from the EVENTS stream', () => {
  let env: TestEnv;
  let db: DataSource;
  const orga = randomUUID();
  const store = randomUUID();
  const cancelledOrga = randomUUID();
  const bites = randomUUID();
  const ids = {
    marta: randomUUID(),
    luca: randomUUID(),
    sara: randomUUID(),
    old: randomUUID(),
    gone: randomUUID(),
    dogM: randomUUID(),
    dogL: randomUUID(),
    dogS: randomUUID(),
    a1: randomUUID(),
    a2: randomUUID(),
    a3: randomUUID(),
    a4: randomUUID(),
  };
  const savedEnv = { ...process.env };

  const events = audienceEvents(() => env, store, clock);
  const { pet, appointment } = events;
  const customer = (
    orgaId: string,
    customerId: string,
    first_name: string,
    fields: Partial<CustomerEventSnapshot>,
    contract: typeof customerCreatedEvent | typeof customerUpdatedEvent = customerCreatedEvent,
  ) => events.customer(orgaId, customerId, { first_name, ...fields }, contract);

  /** The audience tables of the organization, in a stable order. */
  const state = async (orgaId = orga) => [
    // one after the other: the env's client runs one query at a time
    await env.query(
      `SELECT id, store_id, first_name, last_name, city_key, consent_marketing, tag_ids, version FROM marketing.audience_customer WHERE orga_id = $1 ORDER BY id`,
      [orgaId],
    ),
    await env.query(`SELECT id, customer_id FROM marketing.audience_pet WHERE orga_id = $1 ORDER BY id`, [orgaId]),
    await env.query(
      `SELECT id, starts_at, status, pet_ids, version, deleted FROM marketing.audience_appointment WHERE orga_id = $1 ORDER BY id`,
      [orgaId],
    ),
    await env.query(
      `SELECT appointment_id, customer_id, starts_at, status FROM marketing.audience_visit WHERE orga_id = $1 ORDER BY 1, 2`,
      [orgaId],
    ),
  ];
  const rebuild = () => rebuildAudience(db, env.nats(), { subjectPrefix: env.subjectPrefix });
  const count = (filters: Partial<AudienceFilters>) => new AudienceService(db).count(orga, store, { ...NO_FILTERS, ...filters });
  /** every audience consumer has taken every event published so far */
  const consumersCaughtUp = async () => {
    const jsm = await jetstreamManager(env.nats());
    const stream = streamName({ subjectPrefix: env.subjectPrefix }, 'EVENTS');
    for (const durable of DURABLES) {
      const info = await jsm.consumers.info(stream, durable);
      if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  };

  beforeAll(async () => {
    process.env['MARKETING_SCHEDULER_MS'] = '3600000';
    env = await createTestEnv();
    // the salon's history, published before marketing ever ran
    await customer(orga, ids.marta, 'Marta', { city: 'Milano', tag_ids: [] });
    await customer(orga, ids.marta, 'Marta', { city: ' milano ', tag_ids: [bites] }, customerUpdatedEvent);
    await customer(orga, ids.luca, 'Luca', { city: 'Roma', tag_ids: [bites] });
    await customer(orga, ids.sara, 'Sara', { city: 'Milano', tag_ids: [], consent_marketing: false });
    await customer(orga, ids.sara, 'Sara', { city: 'Milano', tag_ids: [] }, customerUpdatedEvent);
    // written before crm's snapshot carried city and tags
    await customer(orga, ids.old, 'Vecchio', {});
    await customer(orga, ids.gone, 'Andato', { city: 'Milano', tag_ids: [] });
    await emitEvent(env, customerDeletedEvent, { orga_id: orga, store_id: store, customer_id: ids.gone });
    await pet(orga, ids.dogM, ids.marta);
    await pet(orga, ids.dogL, ids.luca);
    await appointment(orga, ids.a1, ids.dogM, daysAgo(425));
    await appointment(orga, ids.a2, ids.dogL, daysAgo(30));
    // the dog's appointment came before crm moved the dog from Luca to Sara: the visit follows the owner
    await pet(orga, ids.dogS, ids.luca);
    await appointment(orga, ids.a3, ids.dogS, daysAgo(60));
    await pet(orga, ids.dogS, ids.sara, petUpdatedEvent);
    await appointment(orga, ids.a3, ids.dogS, daysAgo(60), 2, appointmentStatusEvent);
    await appointment(orga, ids.a4, ids.dogS, daysAgo(20));
    await emitEvent(env, appointmentDeletedEvent, {
      orga_id: orga,
      store_id: store,
      appointment_id: ids.a4,
      appointment_ids: [ids.a4],
      recurring_group_id: null,
      recurring_group_main: false,
      pet_ids: [ids.dogS],
    });
    await emitEvent(env, tagDeletedEvent, { orga_id: orga, store_id: null, tag_id: bites, kind: 'customer' });
    // another salon that cancelled (R1.17)
    const theirDog = randomUUID();
    await customer(cancelledOrga, randomUUID(), 'Lontano', { city: 'Milano', tag_ids: [] });
    await pet(cancelledOrga, theirDog, randomUUID());
    await appointment(cancelledOrga, randomUUID(), theirDog, daysAgo(10));
    await emitEvent(env, orgaCancelledEvent, { orga_id: cancelledOrga });

    // marketing's schema as its migrations leave it, nothing consuming yet
    await env.query(`CREATE SCHEMA IF NOT EXISTS marketing`);
    db = new DataSource(dataSourceOptions(marketingService, env.config('marketing')));
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
  });

  afterAll(async () => {
    await db?.destroy();
    await env?.dispose();
    process.env = savedEnv;
  });

  let rebuilt: Awaited<ReturnType<typeof state>>;

  it('R1.07 rebuilds customers, consents, tags and visits that existed before marketing ran, and nothing of a cancelled organization', async () => {
    expect(await count({})).toBe(0);
    const report = await rebuild();
    expect(report).toMatchObject({ customers: 4, pets: 3, appointments: 3, visits: 3, skipped: 0, customersWithoutCityOrTags: 1 });
    rebuilt = await state();
    const [customers, pets, appointments, visits] = rebuilt;
    const byId = new Map(customers.map((row) => [row['id'], row]));
    expect(byId.get(ids.marta)).toMatchObject({ city_key: 'milano', consent_marketing: true, tag_ids: [] });
    expect(byId.get(ids.luca)).toMatchObject({ city_key: 'roma', tag_ids: [] });
    expect(byId.get(ids.sara)).toMatchObject({ consent_marketing: true });
    expect(byId.get(ids.old)).toMatchObject({ city_key: '', tag_ids: [] });
    expect(byId.has(ids.gone)).toBe(false);
    expect(pets).toContainEqual({ id: ids.dogS, customer_id: ids.sara });
    expect(appointments.find((row) => row['id'] === ids.a4)).toMatchObject({ deleted: true });
    expect(visits.map((row) => [row['appointment_id'], row['customer_id'], row['status']]).sort()).toEqual(
      [
        [ids.a1, ids.marta, 0],
        [ids.a2, ids.luca, 0],
        [ids.a3, ids.sara, 2],
      ].sort(),
    );
    expect((await state(cancelledOrga)).flat()).toEqual([]);
    // the count a store administrator sees: marketing consent, then the filters as the domain rule says
    expect(await count({})).toBe(4);
    expect(await count({ min_visits: 1 })).toBe(2);
    expect(await count({ max_declines: 0 })).toBe(3);
    expect(await count({ cities: ['Milano'], months_absent: 3 })).toBe(2);
  });

  it('R1.07 the live consumers, replaying the same history over the rebuilt model, change nothing', async () => {
    await env.start(marketingService);
    await until(consumersCaughtUp);
    expect(await state()).toEqual(rebuilt);
  });

  it('R1.07 brings back a lost read model the consumers have moved past, and a second run writes the same rows', async () => {
    for (const table of ['audience_visit', 'audience_appointment', 'audience_pet', 'audience_customer']) {
      await env.query(`DELETE FROM marketing.${table} WHERE orga_id = $1`, [orga]);
    }
    expect(await count({})).toBe(0);
    await rebuild();
    expect(await state()).toEqual(rebuilt);
    await rebuild();
    expect(await state()).toEqual(rebuilt);
    expect(await count({})).toBe(4);
  });

  it('R1.07 a rebuild while crm keeps publishing loses no event the live consumer took', async () => {
    const newcomers = Array.from({ length: 40 }, () => randomUUID());
    const publishing = (async () => {
      for (const id of newcomers) await customer(orga, id, 'Nuovo', { city: 'Torino', tag_ids: [] });
    })();
    await Promise.all([
      publishing,
      rebuild(),
      (async () => {
        await new Promise((done) => setTimeout(done, 50));
        await rebuild();
      })(),
    ]);
    await until(consumersCaughtUp);
    expect(await count({ cities: ['Torino'] })).toBe(newcomers.length);
    const live = await state();
    await rebuild();
    expect(await state()).toEqual(live);
  });

  it('runs as an operator command with the service’s environment', async () => {
    const before = await state();
    const root = resolve(__dirname, '../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', './tools/swc/register.cjs', 'services/marketing/src/audience/audience-rebuild.cli.ts'],
      { cwd: root, env: { ...process.env, ...env.processEnv, LOG_LEVEL: 'error' }, timeout: 120_000 },
    );
    expect(stdout).toMatch(
      /rebuilt marketing's audience from \d+ events .*: 44 customers, 3 pets, 3 appointments, 3 visits; 0 unreadable events skipped; 1 customers known only/,
    );
    expect(await state()).toEqual(before);
  });
});
