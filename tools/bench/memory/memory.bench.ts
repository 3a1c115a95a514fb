// `npm run bench -- memory [--count=3000] [--organizations=20] [--workers=2] [--rest-seconds=60] [--max-seconds=300]`
// Resident memory of every process of the image (issue 17: at most 100 MB per service process at rest),
// at rest after start and after a reminder burst. Starts the cluster of `npm start -- --cluster`
// (tools/launcher/cluster.cjs: three clustered nats-server nodes, each service once, the real messaging
// workers and two gateways, all from dist/node with the image's V8 options) on a scratch database of the
// machine's Postgres, free ports and its own Redis key prefix, with the sandbox WhatsApp provider (a sender
// is made for each organization on first use; the sandbox then publishes delivered and read statuses as the
// Cloud API's webhook does, so the status events pass through messaging, scheduling, booking and billing).
// `--count` next-day reminders of `--organizations` organizations are written and their jobs published as a
// 12:00 run does (the reminder benches' kit). Prints per process: RSS 5 s after every /health answered (after
// start), RSS at rest (`--rest-seconds` after it: V8's memory reducer shrinks an idle process's heap 30 to 60 s
// in), the highest RSS seen during the burst, RSS at rest `--rest-seconds` after it, and the CPU seconds the
// burst took; then the burst's reminders per second.
// To compare V8 options: NODE_OPTIONS='…' (default `--max-semi-space-size=2 --v8-pool-size=1`, the one-node overlay's and
// `npm start -- --cluster`'s; '' for none) and PAWLINE_NODE_ARGS='…' (Node's arguments before start.cjs, for
// options NODE_OPTIONS refuses, e.g. '--optimize-for-size'; none by default, as the image).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { createScratchDatabase } from '../scratch-database';
import { ensureDistNode, CLUSTER_NODE_OPTIONS, imageNodeArgs, portPlan, startCluster, type Cluster } from '../../launcher/cluster.cjs';
import { isListening } from '../../launcher/probes.cjs';
import { REMINDER_STATUS } from '@pawline/contracts';
import { arg, fmt, publishJobs, seedReminders } from '../reminders/reminder-bench-kit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';
const TICKS_PER_SECOND = 100; // Linux USER_HZ, the unit of /proc/<pid>/stat's utime and stime

/** A base port with the cluster plan's 62 free ports above it. */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const base = 22000 + Math.floor(Math.random() * 2000) * 20;
    let free = true;
    for (let port = base; port < base + 62 && free; port += 1) if (await isListening(port)) free = false;
    if (free) return base;
  }
  throw new Error('memory: found no 62 free ports in a row');
}

/** Resident and anonymous (private) memory in MB, and CPU seconds so far, of a process (Linux /proc). */
export function processMemory(pid: number): { rss: number; anon: number; cpuSeconds: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    // fields 14 and 15 (utime, stime) after the command name in parentheses
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rss: Math.round(kb('VmRSS') / 1024), anon: Math.round(kb('RssAnon') / 1024), cpuSeconds: ticks / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** The burst's reminders: taken by the provider (sent, then delivered and read by the sandbox) and failed. */
async function settledReminders(db: Client): Promise<{ sent: number; failed: number }> {
  const { rows } = await db.query<{ sent: string; failed: string }>(
    `SELECT count(*) FILTER (WHERE status IN ($2, $3, $4, $5)) AS sent, count(*) FILTER (WHERE status IN ($6, $7)) AS failed
       FROM messaging.outbound_message WHERE dedupe_key LIKE $1`,
    [
      'memory:%',
      REMINDER_STATUS.sent,
      REMINDER_STATUS.delivered,
      REMINDER_STATUS.read,
      REMINDER_STATUS.opened,
      REMINDER_STATUS.failed,
      REMINDER_STATUS.undelivered,
    ],
  );
  return { sent: Number(rows[0]?.sent ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}

type Row = {
  name: string;
  pid: number;
  start?: number;
  rest?: { rss: number; anon: number; cpuSeconds: number };
  peak: number;
  after?: { rss: number; anon: number; cpuSeconds: number };
  burstCpu?: number;
};

function table(rows: Row[]): string {
  const lines = [
    '  process              after start   RSS at rest   (private)   peak in burst   RSS at rest after   (private)   CPU s in burst',
  ];
  const cell = (value: number | undefined, width: number) => String(value ?? '-').padStart(width);
  for (const row of rows)
    lines.push(
      `  ${row.name.padEnd(20)} ${cell(row.start, 11)}   ${cell(row.rest?.rss, 11)}   ${cell(row.rest?.anon, 9)}   ${cell(row.peak || undefined, 13)}   ${cell(row.after?.rss, 17)}   ${cell(row.after?.anon, 9)}   ${row.burstCpu === undefined ? '-'.padStart(14) : fmt(row.burstCpu, 2).padStart(14)}`,
    );
  const services = rows.filter((row) => !row.name.startsWith('nats-'));
  const most = (pick: (row: Row) => number | undefined) => Math.max(...services.map((row) => pick(row) ?? 0));
  lines.push(
    `  Node processes: highest RSS after start ${most((r) => r.start)} MB, at rest ${most((r) => r.rest?.rss)} MB, at rest after the burst ${most((r) => r.after?.rss)} MB (goal of issue 17: at most 100 MB)`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const count = arg('count', 3000);
  const organizations = arg('organizations', 20);
  const workers = arg('workers', 2);
  const restSeconds = arg('rest-seconds', 60);
  const maxSeconds = arg('max-seconds', 300);
  ensureDistNode((message) => console.log(`memory: ${message}`));
  const nodeOptions = process.env['NODE_OPTIONS'] ?? CLUSTER_NODE_OPTIONS;
  console.log(`memory: NODE_OPTIONS='${nodeOptions}', node arguments '${imageNodeArgs().join(' ')}'`);
  const scratch = await createScratchDatabase(`pawline_memory_${process.pid}`);
  const databaseUrl = scratch.url;
  const prefix = `mem${process.pid}.`;
  const dir = mkdtempSync(path.join(tmpdir(), 'pawline-memory-'));
  const servicesDir = path.resolve(__dirname, '../../../services');
  const services = readdirSync(servicesDir)
    .filter((name) => name !== 'gateway' && existsSync(path.join(servicesDir, name, 'src', 'main.ts')))
    .sort();
  const base = await freeBase();
  const plan = portPlan({ gatewayPort: base + 60, base, services, workers });
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NODE_OPTIONS: nodeOptions,
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        PAWLINE_SUBJECT_PREFIX: prefix,
        AUTH_TOKEN_SECRET: 'memory-bench-only-a-scratch-secret-of-32-chars',
        PUBLIC_URL: `http://127.0.0.1:${plan.gateways[0]}`,
        LOG_LEVEL: 'warn',
        MAIL_TRANSPORT: 'sandbox',
        MESSAGING_PROVIDER: 'sandbox',
        SMS_PROVIDER: 'sandbox',
        SANDBOX_DELIVERED_AFTER_MS: '300',
        SANDBOX_READ_AFTER_MS: '600',
        FRONTENDS_DIR: '/nonexistent-frontends',
        CRM_FILES_DIR: dir,
        MESSAGING_FILES_DIR: dir,
      },
      plan,
      dir: path.join(dir, 'nats'),
      logDir: path.join(dir, 'logs'),
      services,
      echo: false,
    });
    const rows: Row[] = cluster.rows().flatMap((r) => (r.pid ? [{ name: r.name, pid: r.pid, peak: 0 }] : []));
    console.log(`memory: ${rows.length} processes up; at rest for ${restSeconds} s …`);
    await sleep(5000);
    for (const row of rows) row.start = processMemory(row.pid)?.rss;
    await sleep(Math.max(0, restSeconds - 5) * 1000);
    for (const row of rows) row.rest = processMemory(row.pid) ?? undefined;

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const messages = await seedReminders(db, 'memory', count, organizations);
    const nc = await connect({ servers: cluster.nats.map((n) => n.url) });
    const started = Date.now();
    await publishJobs(nc, prefix, messages);
    await nc.close();
    console.log(`memory: ${fmt(count)} reminders of ${organizations} organizations published; ${workers} messaging workers sending …`);
    let settled = { sent: 0, failed: 0 };
    while (Date.now() - started < maxSeconds * 1000) {
      for (const row of rows) row.peak = Math.max(row.peak, processMemory(row.pid)?.rss ?? 0);
      settled = await settledReminders(db);
      if (settled.sent + settled.failed >= count) break;
      await sleep(250);
    }
    const seconds = (Date.now() - started) / 1000;
    await db.end();
    // the sandbox's delivered and read statuses follow each send by 300 and 600 ms; then rest
    const quiet = Date.now();
    while (Date.now() - quiet < 3000) {
      for (const row of rows) row.peak = Math.max(row.peak, processMemory(row.pid)?.rss ?? 0);
      await sleep(250);
    }
    await sleep(restSeconds * 1000);
    for (const row of rows) {
      row.after = processMemory(row.pid) ?? undefined;
      if (row.after && row.rest) row.burstCpu = row.after.cpuSeconds - row.rest.cpuSeconds;
    }
    console.log(
      `memory: ${fmt(settled.sent)} sent, ${fmt(settled.failed)} failed, in ${fmt(seconds, 1)} s (${fmt(settled.sent / seconds)} reminders/s)\n`,
    );
    console.log(table(rows));
    if (settled.sent + settled.failed < count) process.exitCode = 1;
  } finally {
    await cluster?.stop().catch(() => undefined);
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
