// `npm run bench -- crm [--customers=20000] [--searches=400]`: seeds a customer book in its own test env
// (fresh database and subject prefix on this machine's Postgres and NATS), then times customer searches by
// name, phone, e-mail and pet name and prints p50/p95/p99. Through the gateway when it serves the crm routes
// (GET /api/v1/orga/:orga/store/:store/customers?q=), otherwise straight over RPC (rpc.crm.customer.list); it says which.
import { randomUUID } from 'node:crypto';
import { listCustomersRpc } from '@pawline/contracts';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../services/crm/src/crm.service-definition';
import { CUSTOMER_COLUMNS } from '../../../services/crm/src/customer/customer-rows';
import { customerSearchText, customerSortName } from '../../../services/crm/src/search/search-text';
import { TEST_SECRET, signUp, type Salon } from '../../../services/crm/test/integration/crm-test-helpers';
import { identityService } from '../../../services/identity/src/identity.service-definition';

const FIRST = [
  'Giulia',
  'Marco',
  'Francesca',
  'Luca',
  'Chiara',
  'Alessandro',
  'Sara',
  'Matteo',
  'Elena',
  'Davide',
  'Emma',
  'Oliver',
  'Amelia',
  'Harry',
  'Sophie',
  'Jack',
  'Grace',
  'George',
  'Lucy',
  'Thomas',
];
const LAST = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Evans',
  'Walker',
  'Wright',
  'Hughes',
];
const PETS = [
  'Luna',
  'Milo',
  'Bella',
  'Rocky',
  'Kira',
  'Leo',
  'Maya',
  'Oscar',
  'Nala',
  'Teddy',
  'Zoe',
  'Charlie',
  'Daisy',
  'Buddy',
  'Lola',
  'Toby',
  'Molly',
  'Bruno',
  'Stella',
  'Argo',
  'Pepe',
  'Briciola',
  'Fiocco',
  'Biscotto',
];

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
}

/** A fixed-seed generator so two runs search the same book. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Seeded = { last: string; fon: string; email: string; pet: string };

async function seed(env: TestEnv, salon: Salon, count: number): Promise<Seeded[]> {
  const random = rng(42);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const seeded: Seeded[] = [];
  for (let start = 0; start < count; start += 1000) {
    const customers: unknown[][] = [[], [], [], [], [], [], [], []];
    const pets: unknown[][] = [[], [], []];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const id = randomUUID();
      const first = pick(FIRST);
      const last = pick(LAST);
      const fon = `+39 3${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
      const email = `${first}.${last.replace(/\s/g, '')}${i}@example.com`.toLowerCase();
      const petNames = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pick(PETS)}${random() < 0.5 ? '' : ` ${i % 97}`}`);
      const values = [
        id,
        first,
        last,
        fon,
        email,
        customerSortName({ first_name: first, last_name: last }),
        customerSearchText({ first_name: first, last_name: last, email, fon, fon_2: null }, petNames),
      ];
      values.forEach((v, k) => customers[k]?.push(v));
      for (const name of petNames) {
        pets[0]?.push(randomUUID());
        pets[1]?.push(id);
        pets[2]?.push(name);
      }
      seeded.push({ last, fon, email, pet: petNames[0] ?? 'Luna' });
    }
    await env.query(
      `INSERT INTO crm.customer (id, orga_id, store_id, first_name, last_name, fon, email, sort_name, search_text)
       SELECT c.id, $1, $2, c.first_name, c.last_name, c.fon, c.email, c.sort_name, c.search_text
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS c(id, first_name, last_name, fon, email, sort_name, search_text)`,
      [salon.orgaId, salon.storeId, ...customers.slice(0, 7)],
    );
    await env.query(
      `INSERT INTO crm.pet (id, orga_id, store_id, customer_id, name) SELECT p.id, $1, $2, p.customer_id, p.name FROM unnest($3::uuid[], $4::uuid[], $5::text[]) AS p(id, customer_id, name)`,
      [salon.orgaId, salon.storeId, ...pets],
    );
  }
  await env.query(`ANALYZE crm.customer; ANALYZE crm.pet`);
  return seeded;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const customers = arg('customers', 20_000);
  const searches = arg('searches', 400);
  process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
  process.env['CRM_FILES_DIR'] = '.data/bench-files';
  const env = await createTestEnv();
  try {
    await env.start(identityService);
    await env.start(crmService);
    const client = env.rpcClient();
    const salon = await signUp(env, client, 'Bench');
    const started = Date.now();
    const book = await seed(env, salon, customers);
    const petCount = (await env.query<{ n: string }>(`SELECT count(*) AS n FROM crm.pet`))[0]?.n;
    process.stdout.write(`seeded ${book.length} customers with ${petCount} pets in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    // through the gateway when it is there and serves the crm routes, else over RPC
    let viaGateway: { base: string; token: string } | null = null;
    try {
      const { gatewayService } = await import('../../../services/gateway/src/gateway.service-definition');
      process.env['PAWLINE_SERVICES'] = 'identity,crm';
      const gateway = await env.start(gatewayService, { httpPort: 0 });
      const token = await loginToken(gateway.httpUrl ?? '', salon);
      const probe = await fetch(`${gateway.httpUrl}/api/v1/orga/${salon.orgaId}/store/${salon.storeId}/customers?q=rossi`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (probe.status === 200) viaGateway = { base: gateway.httpUrl ?? '', token };
      else
        process.stdout.write(
          `gateway answers ${probe.status} for the crm customer list (crm.routes.ts not registered yet): measuring over RPC\n`,
        );
    } catch (error) {
      process.stdout.write(`gateway not started (${(error as Error).message.split('\n')[0]}): measuring over RPC\n`);
    }

    const random = rng(7);
    const kinds = ['name', 'phone', 'email', 'pet'] as const;
    const terms = Array.from({ length: searches }, (_, i) => {
      const c = book[Math.floor(random() * book.length)];
      const kind = kinds[i % kinds.length] ?? 'name';
      const term =
        kind === 'name'
          ? c.last.slice(0, 5)
          : kind === 'phone'
            ? c.fon.replace(/\D/g, '').slice(3, 10)
            : kind === 'email'
              ? (c.email.split('@')[0] ?? '')
              : c.pet;
      return { kind, term };
    });
    const search = async (q: string): Promise<number> => {
      if (viaGateway) {
        const res = await fetch(
          `${viaGateway.base}/api/v1/orga/${salon.orgaId}/store/${salon.storeId}/customers?q=${encodeURIComponent(q)}`,
          {
            headers: { authorization: `Bearer ${viaGateway.token}` },
          },
        );
        const body = (await res.json()) as { items: unknown[] };
        return body.items.length;
      }
      const result = await client.call(
        listCustomersRpc,
        { orga_id: salon.orgaId, store_id: salon.storeId, q, sort: 'name', tag_ids: [], limit: 50 },
        { auth: salon.auth, lang: 'en' },
      );
      return result.items.length;
    };
    for (const { term } of terms.slice(0, 40)) await search(term); // warm up
    const timings: Record<string, number[]> = { all: [], name: [], phone: [], email: [], pet: [] };
    let empty = 0;
    for (const { kind, term } of terms) {
      const t0 = process.hrtime.bigint();
      const found = await search(term);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (found === 0) empty += 1;
      timings['all']?.push(ms);
      timings[kind]?.push(ms);
    }
    if (process.argv.includes('--explain')) {
      await env.query(`SET search_path = crm, public`);
      for (const kind of kinds) {
        const sample = terms.find((t) => t.kind === kind);
        const plan = await env.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) SELECT ${CUSTOMER_COLUMNS} FROM crm.customer c WHERE c.orga_id = $1 AND c.store_id = $2 AND c.search_text LIKE $3 ORDER BY c.sort_name, c.id LIMIT 50`,
          [salon.orgaId, salon.storeId, `%${(sample?.term ?? '').toLowerCase()}%`],
        );
        process.stdout.write(`\n${kind} '${sample?.term}':\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}\n`);
      }
    }
    process.stdout.write(
      `\ncustomer search over ${viaGateway ? 'the gateway (HTTP → NATS → crm → Postgres)' : 'RPC (NATS → crm → Postgres), not through the gateway'}: ${searches} searches, page size 50, ${empty} without a hit\n`,
    );
    for (const [name, list] of Object.entries(timings)) {
      const sorted = [...list].sort((a, b) => a - b);
      process.stdout.write(
        `  ${name.padEnd(6)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms\n`,
      );
    }
  } finally {
    await env.dispose();
  }
}

async function loginToken(base: string, salon: Salon): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: salon.email, password: 'a-long-password-1' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login through the gateway failed: ${res.status}`);
  return body.access_token;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
