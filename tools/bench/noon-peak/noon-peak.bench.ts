// `npm run bench -- noon-peak [--reminders=15000] [--stores=1000] [--calendar-rate=200] [--duration=30] [--workers=2]
//   [--in-flight=256] [--latency=250] [--appointments=20000] [--writes=1] [--phases=calendar,reminders,both] [--max-seconds=180]
//   [--revalidate]`
// Issue 34, the noon peak measured whole: next-day reminders sent by real messaging-worker processes to the fake
// Cloud API (250 ms per answer, the per-sender cap enforced, in a process of its own) while an open-loop load
// reads calendar weeks through the gateway at a fixed rate. Three phases back to back on one fresh test env (this
// machine's Postgres and NATS, a new database and subject prefix): the calendar alone, the reminders alone, then
// both at once; each prints its figures and CPU per item of every process, so the cost of each workload is known
// alone and the last phase shows what they do to each other. Loopback only; every phase is bounded in time.
// It reports figures; it never fails on slowness.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { loginRpc, updateAppointmentNotesRpc } from '@pawline/contracts';
import { createTestEnv } from '@pawline/nest-kit/testing';
import { Client } from 'pg';
import { addDays, type LocalDate } from '@pawline/domain';
import { randomUUID } from 'node:crypto';
import { identityService } from '../../../services/identity/src/identity.service-definition';
import { schedulingService } from '../../../services/scheduling/src/scheduling.service-definition';
import { gatewayService } from '../../../services/gateway/src/gateway.service-definition';
import { TEST_SECRET, call, signUp } from '../../../services/scheduling/test/integration/scheduling-test-helpers';
import { cpuByProcessName, cpuOfProcess } from '../load/process-cpu';
import { runLoad, type LoadResult } from '../load/run-load';
import { percentile, seedCalendar } from '../calendar/calendar-seed';
import {
  BENCH_TEMPLATE,
  arg,
  countSettled,
  fmt,
  migrateMessaging,
  publishJobs,
  seedReminders,
  startWorker,
  stopWorker,
  type BenchWorker,
} from '../reminders/reminder-bench-kit';

const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';
const CAP = 80;
const TIME_ZONE = 'Europe/Rome';
const FIRST_DAY: LocalDate = { year: 2025, month: 1, day: 6 };
const root = path.resolve(__dirname, '../../..');

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

type Fake = { child: ChildProcess; graphUrl: string; ask<T>(what: string): Promise<T> };

async function startFake(latencyMs: number): Promise<Fake> {
  const child = fork(path.join(__dirname, 'fake-main.ts'), [JSON.stringify({ latencyMs, capPerSecond: CAP, template: BENCH_TEMPLATE })], {
    execArgv: ['-r', path.join(root, 'tools/swc/register.cjs')],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const graphUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { graphUrl: string }) => resolve(m.graphUrl));
    child.once('exit', () => reject(new Error('the fake Cloud API exited')));
  });
  const ask = <T>(what: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m: unknown) => resolve(m as T));
      child.send(what);
    });
  return { child, graphUrl, ask };
}

/** CPU seconds so far of our labelled pids and of every process of the shared servers' names. */
function cpuNow(pids: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  const own = process.cpuUsage();
  out['bench process: gateway + identity + scheduling'] = (own.user + own.system) / 1e6;
  for (const [label, pid] of Object.entries(pids)) out[label] = cpuOfProcess(pid);
  for (const { name, seconds } of cpuByProcessName(['postgres', 'nats-server']).values()) out[name] = (out[name] ?? 0) + seconds;
  return out;
}

function cpuSpent(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  // a process that ended meanwhile (a closed Postgres connection) is left out: a figure can only be low
  return Object.fromEntries(Object.entries(after).map(([label, seconds]) => [label, Math.max(0, seconds - (before[label] ?? 0))]));
}

const perItem = (seconds: number, items: number, unit: 'µs' | 'ms') =>
  items === 0 ? '–' : unit === 'µs' ? `${fmt((seconds * 1e6) / items)} µs` : `${((seconds * 1e3) / items).toFixed(2)} ms`;

type PhaseResult = {
  name: string;
  seconds: number;
  reminders: number;
  perSecondTimeline: number[];
  lastAfter: number | null;
  calendar: { answers: number; p50: number; p95: number; p99: number; failures: number; overSeconds: string } | null;
  cpu: Record<string, number>;
  maxPerSecond: number;
  refusedForCap: number;
  notSent: number;
  loadBefore: string;
  loadAfter: string;
};

async function main(): Promise<void> {
  const reminders = arg('reminders', 15_000);
  const stores = arg('stores', 1000);
  const rate = arg('calendar-rate', 200);
  const duration = arg('duration', 30);
  const workers = arg('workers', 2);
  const inFlight = arg('in-flight', 256);
  const latency = arg('latency', 250);
  const appointments = arg('appointments', 20_000);
  const writes = arg('writes', 1);
  const maxSeconds = arg('max-seconds', 180);
  // --revalidate: the week load asks with If-None-Match, as browsers that keep the week do (default: whole answers)
  const revalidate = process.argv.includes('--revalidate');
  process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
  console.log(
    `noon-peak bench: ${fmt(reminders)} reminders of ${fmt(stores)} stores (cap ${CAP}/s each, fake latency ${latency} ms, ${workers} workers × ${inFlight} in flight); calendar weeks at ${rate}/s open loop${revalidate ? ' with If-None-Match' : ''}, ${writes} change(s)/s; load average ${load()}`,
  );
  const env = await createTestEnv();
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  const fake = await startFake(latency);
  const started: BenchWorker[] = [];
  try {
    await env.start(identityService);
    await env.start(schedulingService);
    const gateway = await env.start(gatewayService, { httpPort: 0 });
    await migrateMessaging(env.databaseUrl);
    const client = env.rpcClient();
    const salon = await signUp(env, client, 'Noon');
    const token = (await call(client, loginRpc, { username: salon.email, password: salon.password }, null)).access_token;
    const days = 700;
    await seedCalendar(env, salon, appointments, days, FIRST_DAY, TIME_ZONE);
    const paths = Array.from({ length: 50 }, (_, i) => {
      const monday = addDays(FIRST_DAY, 7 * Math.floor((i * Math.floor(days / 7 - 1)) / 50));
      const sunday = addDays(monday, 6);
      return `/api/v1/orga/${salon.orgaId}/store/${salon.storeId}/appointments/${monday.year}/${monday.month}/${monday.day}/${sunday.year}/${sunday.month}/${sunday.day}`;
    });
    const headers = { authorization: `Bearer ${token}` };
    const sample = await (await fetch(`${gateway.httpUrl}${paths[0]}`, { headers })).text();
    console.log(
      `calendar: one salon, ${fmt(appointments)} appointments over ${days} days; a week ${fmt(Buffer.byteLength(sample) / 1000, 0)} KB of JSON, 50 weeks read in turn`,
    );
    const changed = await env.query<{ id: string }>(
      `SELECT DISTINCT ON (local_date) id FROM scheduling.appointment WHERE store_id = $1 AND local_date = ANY($2::date[]) ORDER BY local_date, id`,
      [salon.storeId, paths.map((p) => p.split('/').slice(-6, -3).join('-'))],
    );
    // warm: every week read once
    await runLoad({ url: gateway.httpUrl ?? '', paths, headers, connections: 16, overallRate: rate, duration: 3 });

    const processEnv = {
      ...env.processEnv,
      REDIS_URL,
      WHATSAPP_API_BASE_URL: fake.graphUrl,
      BENCH_SENDER_CAP: String(CAP),
      MESSAGING_WORKER_IN_FLIGHT: String(inFlight),
      LOG_LEVEL: 'warn',
    };
    for (let i = 0; i < workers; i += 1) started.push(await startWorker(processEnv, `worker ${i + 1}`));
    const pids: Record<string, number> = Object.fromEntries(started.map((w) => [w.label, w.child.pid ?? 0]));
    pids['fake Cloud API'] = fake.child.pid ?? 0;

    const phase = async (name: string, withReminders: boolean, withCalendar: boolean): Promise<PhaseResult> => {
      console.log(`\n— ${name} (load average ${load()})`);
      let label = '';
      let messages: { id: string; orgaId: string }[] = [];
      if (withReminders) {
        label = `np${randomUUID().slice(0, 6)}`;
        messages = await seedReminders(db, label, reminders, stores);
        await fake.ask('reset');
      }
      const loadBefore = load();
      const cpuBefore = cpuNow(pids);
      const t0 = Date.now();
      const timeline: number[] = [];
      let sent = 0;
      let other = 0;
      let lastAfter: number | null = null;
      // reminders accepted each second from the first job published (the workers are already pulling)
      const sampling = withReminders
        ? (async () => {
            let previous = 0;
            while (sent + other < reminders && Date.now() - t0 < maxSeconds * 1000) {
              await new Promise((resolve) => setTimeout(resolve, 1000));
              ({ sent, other } = await countSettled(db, label));
              timeline.push(sent - previous);
              previous = sent;
            }
            lastAfter = sent + other >= reminders ? (Date.now() - t0) / 1000 : null;
          })()
        : Promise.resolve();
      if (withReminders) {
        // the jobs as the scheduler's outbox relay publishes them; the calendar's load starts once they are all out
        await publishJobs(env.nats(), env.subjectPrefix, messages);
        console.log(`${fmt(reminders)} jobs published in ${fmt((Date.now() - t0) / 1000, 1)} s`);
      }
      // with the reminders: as long as they took alone (the peak's length), at least --duration
      const calendarSeconds = withReminders ? Math.min(maxSeconds, Math.max(duration, Math.ceil(remindersAloneSeconds))) : duration;
      let writer: NodeJS.Timeout | undefined;
      let changes = 0;
      const calendarRun: Promise<LoadResult> | null = withCalendar
        ? runLoad({
            url: gateway.httpUrl ?? '',
            paths,
            headers,
            connections: 16,
            overallRate: rate,
            duration: calendarSeconds,
            samples: true,
            revalidate,
          })
        : null;
      if (withCalendar)
        writer = setInterval(() => {
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
      await sampling;
      const remindersEnd = Date.now();
      const result = calendarRun ? await calendarRun : null;
      clearInterval(writer);
      const cpu = cpuSpent(cpuBefore, cpuNow(pids));
      const seconds = (Date.now() - t0) / 1000;
      let calendar: PhaseResult['calendar'] = null;
      if (result) {
        // over the seconds the reminders were going, when they were
        const windowEnd = withReminders ? remindersEnd - (result.startedAt ?? t0) : Infinity;
        const over = (result.samples ?? []).filter(([due]) => due <= windowEnd).map(([, ms]) => ms);
        over.sort((a, b) => a - b);
        calendar = {
          answers: result.answers,
          p50: percentile(over, 50),
          p95: percentile(over, 95),
          p99: percentile(over, 99),
          failures: result.failures,
          overSeconds: withReminders
            ? `the ${fmt(Math.min(calendarSeconds, windowEnd / 1000), 1)} s the reminders were going`
            : `${calendarSeconds} s`,
        };
      }
      const stats = withReminders ? (await fake.ask<{ stats: { refusedForCap: number; maxPerSecond: number } }>('stats')).stats : null;
      return {
        name,
        seconds,
        reminders: sent,
        perSecondTimeline: timeline,
        lastAfter,
        calendar,
        cpu,
        maxPerSecond: stats?.maxPerSecond ?? 0,
        refusedForCap: stats?.refusedForCap ?? 0,
        notSent: withReminders ? reminders - sent : 0,
        loadBefore,
        loadAfter: load(),
      };
    };

    // --phases=calendar,reminders,both (default all three, in that order)
    const asked = (process.argv.find((a) => a.startsWith('--phases='))?.split('=')[1] ?? 'calendar,reminders,both').split(',');
    const results: PhaseResult[] = [];
    let remindersAloneSeconds = duration;
    if (asked.includes('calendar')) results.push(await phase('calendar alone', false, true));
    if (asked.includes('reminders')) {
      const alone = await phase('reminders alone', true, false);
      results.push(alone);
      remindersAloneSeconds = alone.lastAfter ?? alone.seconds;
    }
    if (asked.includes('both')) results.push(await phase('both at once (the noon peak)', true, true));

    for (const r of results) {
      console.log(`\n## ${r.name}: ${fmt(r.seconds, 1)} s, load average ${r.loadBefore} → ${r.loadAfter}`);
      if (r.perSecondTimeline.length > 0) {
        console.log(`reminders accepted per second, each second: ${r.perSecondTimeline.map((n) => fmt(n)).join(' ')}`);
        console.log(
          `${fmt(r.reminders)} sent; the last after ${r.lastAfter === null ? 'NOT ALL SENT' : `${fmt(r.lastAfter, 1)} s`} (${fmt(r.reminders / (r.lastAfter ?? r.seconds))}/s); not sent ${fmt(r.notSent)}; most sends of one sender in 1 s ${r.maxPerSecond} (cap ${CAP}), refused for the cap ${r.refusedForCap}`,
        );
      }
      if (r.calendar) {
        console.log(
          `calendar at ${rate}/s over ${r.calendar.overSeconds}: p50 ${r.calendar.p50.toFixed(1)} ms, p95 ${r.calendar.p95.toFixed(1)} ms, p99 ${r.calendar.p99.toFixed(1)} ms; ${fmt(r.calendar.answers)} answers in all, ${r.calendar.failures} failures`,
        );
      }
      const weeks = r.calendar?.answers ?? 0;
      console.log('| process | CPU s | per reminder | per week answer |');
      console.log('|---|---|---|---|');
      for (const [label, seconds] of Object.entries(r.cpu)) {
        console.log(`| ${label} | ${seconds.toFixed(1)} | ${perItem(seconds, r.reminders, 'µs')} | ${perItem(seconds, weeks, 'ms')} |`);
      }
    }
    console.log(
      '\nCPU "per reminder" and "per week answer" divide a process\'s whole CPU of the phase by that count: in the phase of both, a shared process (Postgres, NATS, the bench process) is counted in both columns; take each workload\'s own cost from its phase alone. postgres and nats-server are every process of that name on the machine, other sessions\' included.',
    );
    const both = results.find((r) => r.name.startsWith('both'));
    if (both?.calendar && both.lastAfter) {
      console.log(
        `\nGoals (issue 34, at 300,000 reminders): ≥ 1,000 reminders/s → ${fmt(both.reminders / both.lastAfter)}/s at the peak; calendar p95 < 50 ms at 200/s → ${both.calendar.p95.toFixed(1)} ms at ${rate}/s`,
      );
    }
  } finally {
    await Promise.all(started.map(stopWorker));
    fake.child.kill('SIGTERM');
    await db.end();
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
