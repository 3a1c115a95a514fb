// The demo seed against the real Postgres and NATS of this machine: identity, crm and
// scheduling in-process on a fresh database and subject prefix (createTestEnv).
import { DataSource } from 'typeorm';
import { NatsRpcClient, OutboxService, type RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../services/crm/src/crm.service-definition';
import { customerProblems, mergeCustomer } from '../../services/crm/src/customer/customer-rules';
import { identityService } from '../../services/identity/src/identity.service-definition';
import { schedulingService } from '../../services/scheduling/src/scheduling.service-definition';
import { DemoRandom } from './demo-rpc';
import { addDays, demoRange, localToday } from './seed-calendar';
import { CUSTOMERS_PER_STORE, DEMO_TAGS, planCustomerBook } from './seed-crm';
import { DEMO, seedDemo, type DemoSeedResult } from './seed';

describe('demo plan (pure)', () => {
  it('DemoRandom is deterministic for a seed and differs between seeds', () => {
    const a = new DemoRandom(42);
    const b = new DemoRandom(42);
    const c = new DemoRandom(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('issue 5: the range runs from the 1st to the Sunday ending next week', () => {
    expect(demoRange('2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-29' }); // a Sunday
    expect(demoRange('2026-11-18')).toEqual({ from: '2026-11-01', to: '2026-11-29' }); // a Wednesday
    expect(demoRange('2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-12-13' }); // a Monday
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(localToday(new Date('2026-11-21T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22');
  });

  it('issue 4: a store book has 60 distinct customers of Italian and English names with 1–3 valid pets each', () => {
    const book = planCustomerBook(0, '2026-11-22');
    expect(book).toHaveLength(CUSTOMERS_PER_STORE);
    expect(new Set(book.map((c) => `${c.fields.first_name} ${c.fields.last_name}`)).size).toBe(CUSTOMERS_PER_STORE);
    const phones = book.map((c) => c.fields.fon ?? '');
    expect(phones.some((p) => p.startsWith('+39 3'))).toBe(true);
    expect(phones.some((p) => p.startsWith('+44 7'))).toBe(true);
    for (const customer of book) {
      // crm's own rule (R3.05 R5.02 R5.05): the demo's customers are ones crm accepts
      expect(customerProblems(customer.fields, [])).toEqual({});
      // stored as planned (trimmed, blanks null), so a second run finds them by name
      expect(mergeCustomer(null, customer.fields)).toEqual(customer.fields);
      expect(customer.pets.length).toBeGreaterThanOrEqual(1);
      expect(customer.pets.length).toBeLessThanOrEqual(3);
      expect(new Set(customer.pets.map((p) => p.fields.name)).size).toBe(customer.pets.length);
      for (const pet of customer.pets) {
        expect(['orange', 'white', 'grey', 'brown', 'black', 'brindle']).toContain(pet.fields.colour);
        expect(pet.fields.born! <= '2026-11-22').toBe(true);
        for (const tag of pet.tags) expect(DEMO_TAGS.some((t) => t.kind === 'pet' && t.name === tag)).toBe(true);
      }
    }
    const pets = book.flatMap((c) => c.pets);
    const dogs = pets.filter((p) => p.fields.pet_type === 0).length;
    expect(dogs / pets.length).toBeGreaterThan(0.6);
    expect(pets.some((p) => p.fields.pet_type === 2)).toBe(true);
    expect(pets.some((p) => p.fields.allergies)).toBe(true);
    // the same plan on every run
    expect(planCustomerBook(0, '2026-11-22')).toEqual(book);
    expect(planCustomerBook(1, '2026-11-22')[0]?.fields).not.toEqual(book[0]?.fields);
  });
});

describe('demo seed against identity, crm and scheduling', () => {
  let env: TestEnv;
  let identity: RunningService;
  // Sunday 22 November 2026, 10:00 in Berlin: the month runs 1–29 November.
  const now = new Date('2026-11-22T09:00:00Z');
  const seed = (): Promise<DemoSeedResult> =>
    seedDemo(identity.app.get(NatsRpcClient), identity.app.get(DataSource), identity.app.get(OutboxService), () => undefined, now);
  let first: DemoSeedResult;
  let firstSeconds: number;

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = 'demo-seed-spec-secret-0123456789abcdef';
    env = await createTestEnv();
    identity = await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    const started = Date.now();
    first = await seed();
    firstSeconds = (Date.now() - started) / 1000;
    if (process.env['DEMO_SEED_TIMING']) process.stdout.write(`demo seed: ${firstSeconds.toFixed(1)} s, ${JSON.stringify(first)}\n`);
  }, 120_000);

  afterAll(async () => {
    await env?.dispose();
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await env.query<{ n: string }>(sql, params))[0]?.n ?? 0);
  // one after the other: env.query shares one pg client
  const counts = async (tables: readonly string[]) => {
    const out: number[] = [];
    for (const table of tables) out.push(await count(`SELECT count(*) n FROM ${table}`));
    return out;
  };

  it('issue 4: tags with emoji and with icons, about 60 customers per store with 1–3 pets each', async () => {
    const [orga] = await env.query<{ id: string }>(`SELECT id FROM identity.organization WHERE name = $1`, [DEMO.organization]);
    if (!orga) throw new Error('the demo organization was not created');
    const stores = await env.query<{ id: string; name: string }>(`SELECT id, name FROM identity.store WHERE orga_id = $1`, [orga.id]);
    expect(stores).toHaveLength(2);
    expect(first.crm.tagsCreated).toBe(DEMO_TAGS.length);
    expect(await count(`SELECT count(*) n FROM crm.tag WHERE orga_id = $1 AND emoji IS NOT NULL AND icon = 0`, [orga.id])).toBeGreaterThan(
      0,
    );
    expect(await count(`SELECT count(*) n FROM crm.tag WHERE orga_id = $1 AND emoji IS NULL AND icon > 0`, [orga.id])).toBeGreaterThan(0);
    for (const store of stores) {
      expect(await count(`SELECT count(*) n FROM crm.customer WHERE store_id = $1`, [store.id])).toBe(CUSTOMERS_PER_STORE);
      const perCustomer = await env.query<{ n: string }>(
        `SELECT count(p.id) n FROM crm.customer c LEFT JOIN crm.pet p ON p.customer_id = c.id WHERE c.store_id = $1 GROUP BY c.id`,
        [store.id],
      );
      expect(perCustomer.every((r) => Number(r.n) >= 1 && Number(r.n) <= 3)).toBe(true);
    }
    expect(await count(`SELECT count(*) n FROM crm.customer_tag`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) n FROM crm.pet_tag`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) n FROM crm.pet WHERE pet_type = 2`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) n FROM crm.pet WHERE allergies IS NOT NULL`)).toBeGreaterThan(0);
    expect(first.crm.customersCreated).toBe(2 * CUSTOMERS_PER_STORE);
  });

  it('issue 5: treatments and a month of appointments, 9–18 Monday to Saturday, 4–8 a day per store', async () => {
    expect(first.calendar.treatmentsCreated).toBeGreaterThanOrEqual(5);
    expect(await count(`SELECT count(*) n FROM scheduling.treatment WHERE default_price > 0 AND default_duration > 0`)).toBe(
      first.calendar.treatmentsCreated,
    );
    const days = await env.query<{ store_id: string; local_date: string; n: string }>(
      `SELECT store_id, to_char(local_date, 'YYYY-MM-DD') local_date, count(*) n FROM scheduling.appointment
        WHERE recurring_group_id IS NULL GROUP BY store_id, local_date`,
    );
    // 1 to 29 November 2026 minus five Sundays (1, 8, 15, 22, 29): 24 open days in each of the two stores
    expect(days).toHaveLength(48);
    for (const day of days) {
      expect(day.local_date >= '2026-11-01' && day.local_date <= '2026-11-29').toBe(true);
      expect(new Date(`${day.local_date}T00:00:00Z`).getUTCDay()).not.toBe(0);
      expect(Number(day.n)).toBeGreaterThanOrEqual(4);
      expect(Number(day.n)).toBeLessThanOrEqual(8);
    }
    expect(
      await count(`SELECT count(*) n FROM scheduling.appointment WHERE hour * 60 + min < 540 OR hour * 60 + min + duration > 1080`),
    ).toBe(0);
    // no two appointments of a store overlap
    expect(
      await count(
        `SELECT count(*) n FROM scheduling.appointment a JOIN scheduling.appointment b
           ON a.store_id = b.store_id AND a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at`,
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) n FROM (SELECT appointment_id FROM scheduling.appointment_pet GROUP BY 1 HAVING count(*) = 2) x`),
    ).toBeGreaterThan(0);
    const checkedOut = await env.query<{ local_date: string; final_price: number }>(
      `SELECT to_char(local_date, 'YYYY-MM-DD') local_date, final_price FROM scheduling.appointment WHERE checked_out`,
    );
    expect(checkedOut.length).toBeGreaterThan(20);
    expect(checkedOut.every((a) => a.local_date < '2026-11-22' && a.final_price > 0)).toBe(true);
    const declined = await env.query<{ store_id: string; n: string }>(
      `SELECT store_id, count(*) n FROM scheduling.appointment WHERE status = 2 GROUP BY 1`,
    );
    expect(declined).toHaveLength(2);
    expect(declined.every((d) => Number(d.n) >= 1 && Number(d.n) <= 2)).toBe(true);
    const groups = await env.query<{ store_id: string; unit: string; members: string }>(
      `SELECT store_id, recurring_unit unit, count(*) members FROM scheduling.appointment WHERE recurring_group_id IS NOT NULL GROUP BY store_id, recurring_group_id, recurring_unit`,
    );
    expect(groups).toHaveLength(4);
    expect(groups.every((g) => g.unit === 'week' && Number(g.members) >= 6)).toBe(true);
    expect(first.calendar.appointmentsCreated).toBe(await count(`SELECT count(*) n FROM scheduling.appointment`));
  });

  // its time is printed with DEMO_SEED_TIMING=1, not asserted: a timed test fails on a busy machine
  it('issues 4 and 5: a second run of the seed adds nothing', async () => {
    const tables = [
      'crm.tag',
      'crm.customer',
      'crm.pet',
      'crm.customer_tag',
      'crm.pet_tag',
      'scheduling.treatment',
      'scheduling.appointment',
      'scheduling.appointment_pet',
    ];
    const before = await counts(tables);
    const changedBefore = await count(`SELECT count(*) n FROM scheduling.appointment WHERE checked_out OR status <> 0`);
    const second = await seed();
    expect(second).toEqual({
      crm: { tagsCreated: 0, customersCreated: 0, petsCreated: 0 },
      calendar: { treatmentsCreated: 0, appointmentsCreated: 0, outcomesApplied: 0 },
    });
    expect(await counts(tables)).toEqual(before);
    expect(await count(`SELECT count(*) n FROM scheduling.appointment WHERE checked_out OR status <> 0`)).toBe(changedBefore);
  }, 60_000);
});
