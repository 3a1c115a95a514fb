// `npm run bench -- reminders [--count=100000] [--stores=1000] [--latency=250] [--workers=1,2] [--in-flight=256]`
// Next-day reminders through messaging-worker processes (the real worker and Cloud API adapter) against
// the fake WhatsApp Cloud API with a fixed latency, on a fresh database and subject prefix of this
// machine's Postgres, NATS and Redis. Prints reminders accepted per second with 1 and with 2 workers,
// the CPU per reminder of each worker process, whether any sender went above its cap (the fake's log),
// and the raw ceiling in the same run: JetStream publish + consume, and the worker's Postgres writes alone.
import { randomUUID } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { streamName } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@pawline/nest-kit';
import { DeliveryStore } from '../../../services/messaging/src/delivery/delivery-store';
import { MESSAGING_ENTITIES } from '../../../services/messaging/src/messaging.entities';
import { startFakeWhatsApp, type FakeWhatsAppServer } from '../../fake-whatsapp/fake-whatsapp-server';
import {
  BENCH_TEMPLATE,
  arg,
  countSettled,
  fmt,
  metricsOf,
  migrateMessaging,
  publishJobs,
  seedReminders,
  startWorker,
  stopWorker,
  type WorkerMetrics,
} from './reminder-bench-kit';

const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';
const CAP = 80;

type RoundResult = {
  workers: number;
  perSecond: number;
  seconds: number;
  cpuPerReminderMicros: number[];
  accepted: number[];
  maxPerSecond: number;
  refusedForCap: number;
  other: number;
};

async function round(
  env: TestEnv,
  db: Client,
  fake: FakeWhatsAppServer,
  workers: number,
  count: number,
  stores: number,
  inFlight: number,
): Promise<RoundResult> {
  const label = `r${workers}w${randomUUID().slice(0, 4)}`;
  process.stdout.write(`\n${workers} worker(s): seeding ${fmt(count)} reminders of ${fmt(stores)} stores … `);
  const messages = await seedReminders(db, label, count, stores);
  const publishStarted = performance.now();
  await publishJobs(env.nats(), env.subjectPrefix, messages);
  process.stdout.write(`published their jobs (${fmt(count / ((performance.now() - publishStarted) / 1000))}/s); starting the workers\n`);
  fake.reset();
  const processEnv = {
    ...env.processEnv,
    REDIS_URL,
    WHATSAPP_API_BASE_URL: fake.graphUrl,
    BENCH_SENDER_CAP: String(CAP),
    MESSAGING_WORKER_IN_FLIGHT: String(inFlight),
    LOG_LEVEL: 'warn',
  };
  const started = await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(processEnv, `worker ${i + 1}`)));
  const before = await Promise.all(started.map(metricsOf));
  const t0 = performance.now();
  let settled = { sent: 0, other: 0 };
  let lastPrint = t0;
  while (settled.sent + settled.other < count) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    settled = await countSettled(db, label);
    if (performance.now() - lastPrint > 10_000) {
      lastPrint = performance.now();
      process.stdout.write(`  ${fmt(settled.sent)} sent after ${fmt((lastPrint - t0) / 1000)} s\n`);
    }
    if (performance.now() - t0 > 30 * 60_000) throw new Error('the round did not finish in 30 minutes');
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = await Promise.all(started.map(metricsOf));
  await Promise.all(started.map(stopWorker));
  const cpu = (m: WorkerMetrics) => m.cpuUserMicros + m.cpuSystemMicros;
  const stats = fake.stats();
  const maxPerSecond = Math.max(0, ...Object.values(stats.senders).map((s) => s.maxPerSecond));
  return {
    workers,
    perSecond: settled.sent / seconds,
    seconds,
    accepted: after.map((m, i) => m.accepted - (before[i]?.accepted ?? 0)),
    cpuPerReminderMicros: after.map((m, i) => {
      const b = before[i];
      return (cpu(m) - cpu(b)) / Math.max(1, m.accepted - b.accepted);
    }),
    maxPerSecond,
    refusedForCap: stats.refusedForCap,
    other: settled.other,
  };
}

/** JetStream alone: `count` jobs published and consumed (acked) by one pull consumer, at the same time. */
async function rawJetStream(env: TestEnv, count: number): Promise<{ publish: number; through: number }> {
  const subject = `${env.subjectPrefix}work.messaging.bench-raw`;
  const stream = streamName(env, 'WORK');
  const jsm = await jetstreamManager(env.nats());
  await jsm.consumers.add(stream, {
    durable_name: 'bench-raw',
    ack_policy: AckPolicy.Explicit,
    filter_subject: subject,
    max_ack_pending: 20_000,
  });
  const consumer = await jetstream(env.nats()).consumers.get(stream, 'bench-raw');
  const body = JSON.stringify({ id: randomUUID(), subject: 'work.messaging.send', data: { outbound_id: randomUUID() } });
  const started = performance.now();
  let consumed = 0;
  const messages = await consumer.consume({ max_messages: 1000 });
  const consuming = (async () => {
    for await (const message of messages) {
      JSON.parse(message.string());
      message.ack();
      consumed += 1;
      if (consumed === count) break;
    }
  })();
  const js = jetstream(env.nats());
  for (let start = 0; start < count; start += 2000) {
    await Promise.all(
      Array.from({ length: Math.min(2000, count - start) }, (_, i) => js.publish(subject, body, { msgID: `${start + i}-${started}` })),
    );
  }
  const published = performance.now();
  await consuming;
  messages.stop();
  const done = performance.now();
  return { publish: count / ((published - started) / 1000), through: count / ((done - started) / 1000) };
}

/** Postgres alone: the worker's claim and record statements (DeliveryStore, batched per turn) for `count` rows, `inFlight` at once. */
async function rawPostgres(env: TestEnv, db: Client, count: number, inFlight: number): Promise<number> {
  const label = `raw${randomUUID().slice(0, 4)}`;
  const messages = await seedReminders(db, label, count, 1000);
  const ds = new DataSource({
    ...dataSourceOptions({ name: 'messaging', entities: MESSAGING_ENTITIES }, { databaseUrl: env.databaseUrl }),
  });
  await ds.initialize();
  const store = new DeliveryStore(ds, 'messaging');
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < messages.length) {
        const message = messages[next++] as { id: string };
        const claim = await store.claim(message.id, 30_000);
        if (claim.kind === 'claimed') await store.recordSent(message.id, 'raw', `wamid.${message.id}`);
      }
    }),
  );
  const perSecond = count / ((performance.now() - started) / 1000);
  await ds.destroy();
  return perSecond;
}

async function main(): Promise<void> {
  const count = arg('count', 100_000);
  const stores = arg('stores', 1000);
  const latency = arg('latency', 250);
  const inFlight = arg('in-flight', 256);
  const workerCounts = (process.argv.find((a) => a.startsWith('--workers='))?.split('=')[1] ?? '1,2').split(',').map(Number);
  const env = await createTestEnv();
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  // the seeded reminders name this template: since issue 27 the fake refuses one the account has not approved (132001)
  const fake = await startFakeWhatsApp({
    tokenFor: (id) => `token-${id}`,
    latencyMs: latency,
    capPerSecond: CAP,
    templates: [BENCH_TEMPLATE],
  });
  try {
    await migrateMessaging(env.databaseUrl);
    console.log(
      `reminders bench: ${fmt(count)} next-day reminders, ${fmt(stores)} stores (one sender each, cap ${CAP}/s), fake Cloud API latency ${latency} ms, ${inFlight} in flight per worker`,
    );
    const results: RoundResult[] = [];
    for (const workers of workerCounts) results.push(await round(env, db, fake, workers, count, stores, inFlight));

    console.log('\nraw ceiling (same run, no provider):');
    const js = await rawJetStream(env, count);
    console.log(`  JetStream: publish ${fmt(js.publish)}/s; publish + consume + ack together ${fmt(js.through)}/s`);
    const pg = await rawPostgres(env, db, Math.min(count, 50_000), inFlight);
    console.log(`  Postgres: the worker's claim + record (status sent, provider id, status event) ${fmt(pg)} reminders/s`);

    console.log(
      '\n| workers | reminders/s | seconds | accepted per worker | CPU per reminder per worker (µs) | max sends of one sender in 1 s | refused for cap | not sent |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.workers} | ${fmt(r.perSecond)} | ${fmt(r.seconds, 1)} | ${r.accepted.map((a) => fmt(a)).join(' / ')} | ${r.cpuPerReminderMicros
          .map((c) => fmt(c))
          .join(' / ')} | ${r.maxPerSecond} | ${r.refusedForCap} | ${r.other} |`,
      );
    }
    const one = results.find((r) => r.workers === 1);
    const two = results.find((r) => r.workers === 2);
    if (one && two) {
      console.log(
        `\n2 workers / 1 worker: ${fmt(two.perSecond / one.perSecond, 2)}× (goal ≥ 1.6×); 2 workers: ${fmt(two.perSecond)}/s (goal ≥ 1,000/s)`,
      );
    }
    const over = results.filter((r) => r.maxPerSecond > CAP || r.refusedForCap > 0);
    console.log(
      over.length === 0 ? `no sender above its cap of ${CAP}/s (the fake's log)` : `A SENDER WENT ABOVE ITS CAP in ${over.length} round(s)`,
    );
  } finally {
    await fake.close();
    await db.end();
    await env.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
