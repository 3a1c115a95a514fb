// `npm run bench -- marketing [--customers=20000] [--counts=400]`: seeds one store's audience read model (customers with
// consent, cities, tags, and their visits) in its own test env (fresh database and subject prefix on this machine's Postgres
// and NATS), then times the live audience count the campaign form asks while its filters change
// (POST /api/v1/orga/:orga/marketing/store/:store/audience/count through the gateway: HTTP → NATS → marketing → Postgres)
// and prints p50/p95/p99, overall and by filter. Goal of issue 15: under 100 ms for a store of 20,000 customers.
// Before timing, a few counts are checked against the domain rule (libs/domain inAudience) on the same seeded data.
import { randomUUID } from 'node:crypto';
import type { AudienceFilters } from '@pawline/contracts';
import { audienceOf, type AudienceCandidate } from '@pawline/domain';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { gatewayService } from '../../../services/gateway/src/gateway.service-definition';
import { newOwner, type Owner } from '../../../services/gateway/test/integration/gateway-test-helpers';
import { identityService } from '../../../services/identity/src/identity.service-definition';
import { marketingService } from '../../../services/marketing/src/marketing.service-definition';

const CITIES = ['milano', 'roma', 'torino', 'napoli', 'bologna', 'firenze', 'genova', 'bari', 'verona', 'padova'];
const DAY = 86_400_000;

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
}

/** A fixed-seed generator so two runs count the same book. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const NONE: AudienceFilters = {
  months_absent: null,
  recent_visits: null,
  min_visits: null,
  max_declines: null,
  excluded_tag_ids: [],
  cities: [],
};

async function seed(env: TestEnv, orgaId: string, storeId: string, count: number, tags: string[]): Promise<AudienceCandidate[]> {
  const random = rng(42);
  const now = Date.now();
  const book: AudienceCandidate[] = [];
  for (let start = 0; start < count; start += 1000) {
    const c: unknown[][] = [[], [], [], [], []];
    const v: unknown[][] = [[], [], [], []];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const id = randomUUID();
      const consent = random() < 0.8;
      const city = CITIES[Math.floor(random() * CITIES.length)] ?? 'milano';
      const own = tags.filter(() => random() < 0.15);
      const appointments = Array.from({ length: Math.floor(random() * 11) }, () => ({
        starts_at: new Date(now - Math.floor(random() * 1_100) * DAY + 30 * DAY),
        status: random() < 0.08 ? 2 : 0,
      }));
      c[0]?.push(id);
      c[1]?.push(city);
      c[2]?.push(consent);
      c[3]?.push(`{${own.join(',')}}`);
      c[4]?.push(`Customer ${i}`);
      for (const appointment of appointments) {
        v[0]?.push(randomUUID());
        v[1]?.push(id);
        v[2]?.push(appointment.starts_at.toISOString());
        v[3]?.push(appointment.status);
      }
      book.push({ consent_marketing: consent, city, tag_ids: own, appointments });
    }
    await env.query(
      `INSERT INTO marketing.audience_customer (id, orga_id, store_id, first_name, last_name, city_key, consent_marketing, tag_ids, version)
       SELECT c.id, $1, $2, c.name, '', c.city, c.consent, c.tags::uuid[], '2026-11-24T00:00:00.000000Z'
         FROM unnest($3::uuid[], $4::text[], $5::boolean[], $6::text[], $7::text[]) AS c(id, city, consent, tags, name)`,
      [orgaId, storeId, ...c],
    );
    await env.query(
      `INSERT INTO marketing.audience_visit (appointment_id, customer_id, orga_id, starts_at, status)
       SELECT v.id, v.customer_id, $1, v.starts_at, v.status FROM unnest($2::uuid[], $3::uuid[], $4::timestamptz[], $5::smallint[]) AS v(id, customer_id, starts_at, status)`,
      [orgaId, ...v],
    );
  }
  // as autovacuum leaves a table that stopped changing (its visibility map lets the count read the index alone)
  await env.query(`VACUUM ANALYZE marketing.audience_customer`);
  await env.query(`VACUUM ANALYZE marketing.audience_visit`);
  return book;
}

async function main(): Promise<void> {
  const customers = arg('customers', 20_000);
  const counts = arg('counts', 400);
  process.env['AUTH_TOKEN_SECRET'] = 'marketing-bench-secret-0123456789abcdef';
  process.env['MAIL_TRANSPORT'] = 'sandbox';
  process.env['PAWLINE_SERVICES'] = 'identity,marketing';
  process.env['FRONTENDS_DIR'] = '/nonexistent-frontends';
  const env = await createTestEnv();
  try {
    await env.start(identityService);
    await env.start(marketingService);
    const base = (await env.start(gatewayService, { httpPort: 0 })).httpUrl ?? '';
    const owner: Owner = await newOwner(base);
    const stores = await owner.browser.request('GET', `/api/v1/orga/${owner.orgaId}/store`, { token: owner.token });
    const storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    const tags = Array.from({ length: 6 }, () => randomUUID());
    const started = Date.now();
    const book = await seed(env, owner.orgaId, storeId, customers, tags);
    const visits = (await env.query<{ n: string }>(`SELECT count(*) AS n FROM marketing.audience_visit`))[0]?.n;
    process.stdout.write(`seeded ${book.length} customers with ${visits} visits in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const count = async (filters: AudienceFilters): Promise<number> => {
      const answer = await owner.browser.request('POST', `/api/v1/orga/${owner.orgaId}/marketing/store/${storeId}/audience/count`, {
        token: owner.token,
        body: { filters },
      });
      if (answer.status !== 200) throw new Error(`count answered ${answer.status}`);
      return (answer.body as { count: number }).count;
    };

    const random = rng(7);
    const kinds: [string, () => AudienceFilters][] = [
      ['none', () => NONE],
      ['absence', () => ({ ...NONE, months_absent: 1 + Math.floor(random() * 12) })],
      ['recent', () => ({ ...NONE, recent_visits: 1 + Math.floor(random() * 4) })],
      ['visits', () => ({ ...NONE, min_visits: 1 + Math.floor(random() * 8) })],
      ['declines', () => ({ ...NONE, max_declines: Math.floor(random() * 2) })],
      ['tags', () => ({ ...NONE, excluded_tag_ids: tags.filter(() => random() < 0.5) })],
      ['cities', () => ({ ...NONE, cities: CITIES.filter(() => random() < 0.3) })],
      [
        'all',
        () => ({
          months_absent: 1 + Math.floor(random() * 6),
          recent_visits: null,
          min_visits: 1 + Math.floor(random() * 3),
          max_declines: 1,
          excluded_tag_ids: tags.slice(0, 2),
          cities: CITIES.slice(0, 5),
        }),
      ],
    ];

    // the SQL count is the domain rule: checked on the seeded book before anything is timed
    for (const [kind, make] of kinds) {
      const filters = make();
      const [server, domain] = [await count(filters), audienceOf(book, filters, new Date()).length];
      if (server !== domain)
        throw new Error(`${kind}: the service counts ${server}, the domain rule ${domain} (${JSON.stringify(filters)})`);
    }
    process.stdout.write(`the service's counts agree with the domain rule (libs/domain inAudience) for each filter\n`);

    const asks = Array.from({ length: counts }, (_, i) => {
      const [kind, make] = kinds[i % kinds.length] ?? kinds[0];
      return { kind, filters: make() };
    });
    for (const { filters } of asks.slice(0, 40)) await count(filters); // warm up
    const timings: Record<string, number[]> = { overall: [] };
    for (const { kind, filters } of asks) {
      const t0 = process.hrtime.bigint();
      await count(filters);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      timings['overall']?.push(ms);
      (timings[kind] ??= []).push(ms);
    }
    process.stdout.write(
      `\naudience count through the gateway (HTTP → NATS → marketing → Postgres): ${counts} counts, store of ${customers} customers\n`,
    );
    for (const [name, list] of Object.entries(timings)) {
      const sorted = [...list].sort((a, b) => a - b);
      process.stdout.write(
        `  ${name.padEnd(8)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms\n`,
      );
    }
    const p95 = percentile(
      [...(timings['overall'] ?? [])].sort((a, b) => a - b),
      95,
    );
    process.stdout.write(`goal (issue 15): p95 under 100 ms: ${p95 < 100 ? 'met' : 'NOT met'}\n`);
  } finally {
    await env.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
    process.exit(1);
  },
);
