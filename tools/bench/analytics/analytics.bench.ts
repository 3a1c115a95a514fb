// `npm run bench -- analytics [--appointments=1000000] [--days=1826] [--customers=20000] [--requests=40]`: seeds
// analytics' read model of one store with a million appointments over five years (issue 15) straight into its
// tables (daily counters, visits per customer by day and month, first and last visits, reminders and campaigns by
// the quarter hour) in a fresh test env
// (its own database and subject prefix on this machine's Postgres and NATS), then asks the gateway for each
// statistics page (salon, customers, organization) for each period and bucket, one request at a time, and
// prints p50 and p95 per page and over all. It reports figures and never fails on slowness (goal: p95 < 50 ms).
import { createTestEnv, signUpOwner, type TestEnv } from '@pawline/nest-kit/testing';
import { analyticsService } from '../../../services/analytics/src/analytics.service-definition';
import { gatewayService } from '../../../services/gateway/src/gateway.service-definition';
import { identityService } from '../../../services/identity/src/identity.service-definition';

const TEST_SECRET = 'analytics-bench-secret-0123456789abcdef012345';

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = hit ? Number(hit.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * (The hour moves with n / days too: 1,826 days is a multiple of 11, so n * 31 % 11 alone gave every
 * appointment of a day the same hour.)
 *
 * What a million appointments leave in the read model, made by Postgres: each appointment a visit of one of
 * `customers` customers on one of the last `days` days (up to today), at an hour from 8 to 18, with one of 8
 * treatments and 5 staff members; one in ten declined, four in five checked out at 30 to 90 euros.
 */
async function seed(env: TestEnv, orgaId: string, storeId: string, appointments: number, days: number, customers: number): Promise<void> {
  // a plain table (the test env's queries may take any connection of a pool), dropped at the end
  await env.query(
    `CREATE TABLE public.seed_visit (day date, customer_id uuid, hour int, staff int, treatment int, declined bool, cents int)`,
  );
  await env.query(
    `INSERT INTO public.seed_visit
     SELECT current_date - (n % $2::int)::int, md5(((n * 7919) % $3::int)::text)::uuid, (8 + (n * 31 + n / $2::int) % 11)::int, (n % 5)::int, ((n * 13) % 8)::int,
            n % 10 = 0, (CASE WHEN n % 5 = 0 THEN 0 ELSE 3000 + ((n * 37) % 61) * 100 END)::int
       FROM generate_series(1::bigint, $1::bigint) AS n`,
    [appointments, days, customers],
  );
  // ids as the contracts want them (version 4, variant 8): an md5 with those two digits set
  const uuidOf = (kind: string, expr: string) => {
    const h = `md5('${kind}' || ${expr})`;
    return `(substr(${h}, 1, 12) || '4' || substr(${h}, 14, 3) || '8' || substr(${h}, 18, 15))::uuid::text`;
  };
  await env.query(
    `INSERT INTO analytics.stat_cell (store_id, day, kind, key, orga_id, count, amount)
     SELECT $1, day, kind, key, $2, sum(count), sum(amount) FROM (
       SELECT day, 'appointments' AS kind, '' AS key, 1 AS count, 0 AS amount FROM public.seed_visit WHERE NOT declined
       UNION ALL SELECT day, 'declined', '', 1, 0 FROM public.seed_visit WHERE declined
       UNION ALL SELECT day, 'confirmed', '', 1, 0 FROM public.seed_visit WHERE NOT declined AND hour % 2 = 0
       UNION ALL SELECT day, 'done', '', 1, cents FROM public.seed_visit WHERE NOT declined AND cents > 0
       UNION ALL SELECT day, 'booked', '', 1, 0 FROM public.seed_visit WHERE NOT declined AND staff = 0
       UNION ALL SELECT day, 'visits', '', 1, 0 FROM public.seed_visit WHERE NOT declined
       UNION ALL SELECT day, 'hour', hour::text, 1, 0 FROM public.seed_visit WHERE NOT declined
       UNION ALL SELECT day, 'treatment', ${uuidOf('t', 'treatment::text')}, 1, cents FROM public.seed_visit WHERE NOT declined
       UNION ALL SELECT day, 'staff', ${uuidOf('s', 'staff::text')}, 1, 60 FROM public.seed_visit WHERE NOT declined
     ) c GROUP BY day, kind, key`,
    [storeId, orgaId],
  );
  await env.query(
    `INSERT INTO analytics.customer_visit_day (store_id, day, customer_id, orga_id, visits)
     SELECT $1, day, customer_id, $2, count(*) FROM public.seed_visit WHERE NOT declined GROUP BY day, customer_id`,
    [storeId, orgaId],
  );
  await env.query(
    `INSERT INTO analytics.customer_visit_month (store_id, month, customer_id, orga_id, visits)
     SELECT $1, date_trunc('month', day)::date, customer_id, $2, sum(visits) FROM analytics.customer_visit_day
      WHERE store_id = $1 GROUP BY 2, customer_id`,
    [storeId, orgaId],
  );
  await env.query(
    `INSERT INTO analytics.customer_span (store_id, customer_id, orga_id, first_day, last_day)
     SELECT $1, customer_id, $2, min(day), max(day) FROM analytics.customer_visit_day WHERE store_id = $1 GROUP BY customer_id`,
    [storeId, orgaId],
  );
  await env.query(
    `INSERT INTO analytics.stat_cell (store_id, day, kind, key, orga_id, count, amount)
     SELECT $1::uuid, day, 'customers', '', $2::uuid, count(*), 0 FROM analytics.customer_visit_day WHERE store_id = $1 GROUP BY day
     UNION ALL
     SELECT $1::uuid, month, 'customers_month', '', $2::uuid, count(*), 0 FROM analytics.customer_visit_month WHERE store_id = $1 GROUP BY month`,
    [storeId, orgaId],
  );
  await env.query(`CREATE TABLE public.months AS SELECT DISTINCT date_trunc('month', day)::date AS month FROM public.seed_visit`);
  // reminders and campaigns by the quarter hour (UTC): each appointment's reminder sent two days before at the
  // 12:30 send (11:30 UTC), read within the next hours, answered confirmed or declined later that day; and a
  // campaign on the 1st of every month to 500 customers, read and answered over the following days
  await env.query(
    `INSERT INTO analytics.moment_cell (store_id, slot, kind, orga_id, count, amount)
     SELECT $1, slot, kind, $2, sum(count), sum(amount) FROM (
       SELECT (day - 2) + time '11:30' AS slot, 'reminder_sent' AS kind, 1 AS count, 0 AS amount FROM public.seed_visit
       UNION ALL SELECT (day - 2) + time '11:30' + ((hour % 6) * interval '45 minutes'), 'reminder_read', 1, 0
         FROM public.seed_visit WHERE hour % 7 <> 0
       UNION ALL SELECT (day - 2) + time '13:00' + ((hour % 8) * interval '1 hour'), 'reminder_confirmed', 1, 0
         FROM public.seed_visit WHERE NOT declined AND hour % 2 = 0
       UNION ALL SELECT (day - 2) + time '14:15' + ((hour % 4) * interval '2 hours'), 'reminder_declined', 1, 0
         FROM public.seed_visit WHERE declined
       UNION ALL SELECT month + time '09:00', 'campaign_sent', 1, 500 FROM months
       UNION ALL SELECT month + time '09:00', 'campaign_msg_sent', 500, 0 FROM months
       UNION ALL SELECT month + time '09:00' + (h * interval '1 hour'), 'campaign_msg_read', 30, 0 FROM months, generate_series(0, 11) AS h
       UNION ALL SELECT month + time '10:00' + (h * interval '2 hours'), 'campaign_confirmed', 8, 0 FROM months, generate_series(0, 5) AS h
       UNION ALL SELECT month + time '11:00' + (h * interval '4 hours'), 'campaign_unsubscribed', 2, 0 FROM months, generate_series(0, 2) AS h
     ) c GROUP BY slot, kind`,
    [storeId, orgaId],
  );
  await env.query(`DROP TABLE public.seed_visit, public.months`);
  // as autovacuum leaves a table that has settled: statistics and the visibility map (index-only scans)
  for (const table of ['stat_cell', 'customer_visit_day', 'customer_visit_month', 'customer_span', 'moment_cell'])
    await env.query(`VACUUM ANALYZE analytics.${table}`);
}

async function main(): Promise<void> {
  const appointments = arg('appointments', 1_000_000);
  const days = arg('days', 1826);
  const customers = arg('customers', 20_000);
  const requests = arg('requests', 40);
  process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
  const env = await createTestEnv();
  try {
    await env.start(identityService);
    await env.start(analyticsService);
    process.env['PAWLINE_SERVICES'] = 'identity,analytics';
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    const owner = await signUpOwner(env.rpcClient(), TEST_SECRET, 'Bench');
    const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [owner.orgaId]);
    const storeId = store.id;
    const seeded = Date.now();
    await seed(env, owner.orgaId, storeId, appointments, days, customers);
    const [sizes] = await env.query<{
      cells: string;
      visit_days: string;
      visit_months: string;
      spans: string;
      total: string;
      moments: string;
    }>(
      `SELECT (SELECT count(*) FROM analytics.stat_cell) AS cells, (SELECT count(*) FROM analytics.customer_visit_day) AS visit_days,
              (SELECT count(*) FROM analytics.customer_visit_month) AS visit_months, (SELECT count(*) FROM analytics.customer_span) AS spans,
              (SELECT sum(count) FROM analytics.stat_cell WHERE kind IN ('appointments', 'declined')) AS total,
              (SELECT count(*) FROM analytics.moment_cell) AS moments`,
    );
    console.log(
      `seeded ${sizes?.total} appointments over ${days} days for one store in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ` +
        `${sizes?.cells} daily counters, ${sizes?.visit_days} customer-days, ${sizes?.visit_months} customer-months, ${sizes?.spans} customers, ${sizes?.moments} reminder and campaign counters`,
    );
    const headers = { authorization: `Bearer ${owner.token}` };
    const pages = [
      ['salon', `/api/v1/orga/${owner.orgaId}/store/${storeId}/analyses/salon`],
      ['customers', `/api/v1/orga/${owner.orgaId}/store/${storeId}/analyses/customers`],
      ['organization', `/api/v1/orga/${owner.orgaId}/analyses`],
    ] as const;
    const choices = [
      ['7d', 'day'],
      ['30d', 'day'],
      ['30d', 'month'],
      ['12m', 'day'],
      ['12m', 'month'],
    ] as const;
    const all: number[] = [];
    for (const [page, path] of pages) {
      for (const [period, bucket] of choices) {
        const url = `${gateway.httpUrl}${path}?period=${period}&bucket=${bucket}`;
        const first = await fetch(url, { headers });
        if (first.status !== 200) throw new Error(`${page} ${period} ${bucket} answered ${first.status}: ${await first.text()}`);
        await first.arrayBuffer();
        const times: number[] = [];
        for (let i = 0; i < requests; i += 1) {
          const started = performance.now();
          await (await fetch(url, { headers })).arrayBuffer();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        all.push(...times);
        console.log(
          `${page.padEnd(12)} ${period.padEnd(3)} ${bucket.padEnd(5)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
        );
      }
    }
    all.sort((a, b) => a - b);
    console.log(
      `all ${all.length} requests through the gateway, one at a time: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (goal p95 < 50 ms)`,
    );
  } finally {
    await env.dispose();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
