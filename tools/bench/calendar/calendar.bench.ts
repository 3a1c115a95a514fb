// `npm run bench -- calendar [--appointments=50000] [--days=2190] [--rate=200] [--writes=1] [--duration=15]`: seeds one
// store with 50,000 appointments over six years (about 23 a day, Europe/Rome) in its own test env (fresh database and subject prefix on
// this machine's Postgres and NATS), reads 50 weeks one at a time (built by Postgres, then kept), then asks
// the gateway for those weeks at a constant 200 requests/s for 15 s while the calendar changes once a
// second (each change makes its week be built again). Prints requests/s, p50, p95, p99, failures and
// the CPU each part spent per answer. It reports figures; it never fails on slowness (issue 5 target:
// p95 under 20 ms).
import { loginRpc, updateAppointmentNotesRpc } from '@pawline/contracts';
import { createTestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../services/identity/src/identity.service-definition';
import { addDays, type LocalDate } from '@pawline/domain';
import { schedulingService } from '../../../services/scheduling/src/scheduling.service-definition';
import { gatewayService } from '../../../services/gateway/src/gateway.service-definition';
import { TEST_SECRET, call, signUp } from '../../../services/scheduling/test/integration/scheduling-test-helpers';
import { startCpuMeter } from '../load/process-cpu';
import { runLoad } from '../load/run-load';
import { percentile, seedCalendar } from './calendar-seed';

const TIME_ZONE = 'Europe/Rome';
const FIRST_DAY: LocalDate = { year: 2021, month: 1, day: 1 };

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = hit ? Number(hit.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

async function main(): Promise<void> {
  const count = arg('appointments', 50_000);
  const days = arg('days', 2190);
  const rate = arg('rate', 200);
  const writes = arg('writes', 1);
  const duration = arg('duration', 15);
  process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
  const env = await createTestEnv();
  try {
    await env.start(identityService);
    await env.start(schedulingService);
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    const client = env.rpcClient();
    const salon = await signUp(env, client, 'Bench');
    const token = (await call(client, loginRpc, { username: salon.email, password: salon.password }, null)).access_token;
    const seeded = Date.now();
    await seedCalendar(env, salon, count, days, FIRST_DAY, TIME_ZONE);
    console.log(`seeded ${count} appointments over ${days} days for one store in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    // weeks (Monday to Sunday) spread over the seeded days
    const paths = Array.from({ length: 50 }, (_, i) => {
      const monday = addDays(FIRST_DAY, 3 + 7 * Math.floor((i * Math.floor(days / 7 - 1)) / 50));
      const sunday = addDays(monday, 6);
      return `/api/v1/orga/${salon.orgaId}/store/${salon.storeId}/appointments/${monday.year}/${monday.month}/${monday.day}/${sunday.year}/${sunday.month}/${sunday.day}`;
    });
    const headers = { authorization: `Bearer ${token}` };
    // a week outside the measured ones, so the first pass below reads only weeks never read before
    const probe = await fetch(`${gateway.httpUrl}/api/v1/orga/${salon.orgaId}/store/${salon.storeId}/appointments/2020/12/28/2021/1/3`, {
      headers,
    });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`the week route answered ${probe.status}`);
    // one request at a time, the floor without queueing: first as Postgres builds each week, then as kept by scheduling (WeekCache)
    for (const pass of ['first read of each week, built by Postgres', 'read again, the kept answer']) {
      const single: number[] = [];
      for (const path of paths) {
        const started = performance.now();
        await (await fetch(`${gateway.httpUrl}${path}`, { headers })).arrayBuffer();
        single.push(performance.now() - started);
      }
      single.sort((a, b) => a - b);
      console.log(
        `one at a time, ${pass} (${single.length} weeks): p50 ${percentile(single, 50).toFixed(2)} ms, p95 ${percentile(single, 95).toFixed(2)} ms`,
      );
    }
    const sample = await (await fetch(`${gateway.httpUrl}${paths[0]}`, { headers })).text();
    console.log(
      `a week holds ${(JSON.parse(sample) as { items: unknown[] }).items.length} appointments, ${(Buffer.byteLength(sample) / 1024).toFixed(0)} KB of JSON`,
    );
    const load = { url: gateway.httpUrl ?? '', paths, headers, connections: 16, overallRate: rate };
    await runLoad({ ...load, duration: 3 });
    // staff change the calendar meanwhile, on days of the weeks read: each change (notes, through scheduling)
    // changes its day's version, so the next read of that week is built by Postgres again
    const changed = await env.query<{ id: string }>(
      `SELECT DISTINCT ON (local_date) id FROM scheduling.appointment WHERE store_id = $1 AND local_date = ANY($2::date[]) ORDER BY local_date, id`,
      [salon.storeId, paths.map((path) => path.split('/').slice(-6, -3).join('-'))],
    );
    let changes = 0;
    const writer = setInterval(() => {
      const target = changed[changes % changed.length];
      changes += 1;
      if (target)
        void call(
          client,
          updateAppointmentNotesRpc,
          { orga_id: salon.orgaId, store_id: salon.storeId, appointment_id: target.id, notes: `change ${changes}` },
          salon.auth,
        ).catch(() => undefined);
    }, 1000 / writes);
    const meter = startCpuMeter('service process', ['postgres', 'nats-server']);
    const result = await runLoad({ ...load, duration });
    clearInterval(writer);
    console.log(
      `\nweek range through the gateway, ${rate} requests/s at a constant rate for ${duration} s over ${paths.length} weeks, ${writes} change(s)/s to the calendar meanwhile (${result.answers} answers; load from its own process)`,
    );
    console.log(`requests/s ${result.requestsPerSecond.toFixed(1)}`);
    console.log(`p50 ${result.p50.toFixed(2)} ms   p95 ${result.p95.toFixed(2)} ms   p99 ${result.p99.toFixed(2)} ms`);
    console.log(`failures (non-2xx, errors, timeouts) ${result.failures}`);
    // CPU time does not depend on what else the machine runs: the cost of one answer in the process hosting gateway, identity and scheduling
    console.log(`CPU per answer: ${meter.perAnswer(result.answers)}`);
    console.log(`target (issue 5): p95 under 20 ms → ${result.p95 < 20 ? 'met' : 'not met'} on this run`);
  } finally {
    await env.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
