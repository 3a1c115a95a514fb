// `npm run bench -- cluster-chaos [--count=3000] [--latency=250] [--workers=2] [--in-flight=8] [--organizations=20] [--max-seconds=300]`
// The reminder peak of the messaging bench against the cluster of `npm start -- --cluster` (three
// clustered nats-server nodes with streams of 3 replicas, two gateways, each service once, from
// dist/node), while the NATS node leading the workers' WORK consumer is killed (SIGKILL) and brought back, a gateway is killed and
// restarted, and a worker is killed and two are added. The workers are the reminder benches' worker
// (bench-worker-main.ts: the real messaging-worker with the bench's sender directory, so seeded
// organizations need no sender rows) against a fake Cloud API. Private scratch database on the
// machine's Postgres, its own NATS cluster on free ports, Redis keys under its own prefix. Prints
// sent, lost (goal 0), duplicates (each must be a send in flight at a kill), the longest gap in
// sending, the gateways' answers during the run, and each process's RSS after the run.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { createScratchDatabase } from '../scratch-database';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createStoreRpc, listStoresRpc } from '@pawline/contracts';
import { NatsRpcClient, streamName } from '@pawline/nest-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import { call, signUpOwner } from '@pawline/nest-kit/testing';
import { CLUSTER_NODE_OPTIONS, ensureDistNode, portPlan, rssTable, startCluster, type Cluster } from '../../launcher/cluster.cjs';
import { isListening } from '../../launcher/probes.cjs';
import { startFakeWhatsApp } from '../../fake-whatsapp/fake-whatsapp-server';
import { SEND_DURABLE } from '../../../services/messaging/src/delivery/send-job.runner';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REDIS_URL = process.env['REDIS_URL'] && process.env['REDIS_URL'] !== 'off' ? process.env['REDIS_URL'] : 'redis://127.0.0.1:6379';

/** A base port with 70 free ports above it (the cluster's plan). */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const base = 20000 + Math.floor(Math.random() * 2000) * 20;
    let free = true;
    for (let port = base; port < base + 62 && free; port += 1) if (await isListening(port)) free = false;
    if (free) return base;
  }
  throw new Error('cluster-chaos: found no 62 free ports in a row');
}

async function gatewayAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(1000) });
    return response.status > 0;
  } catch {
    return false;
  }
}

type RealtimeClient = { name: string; socket: Socket; reminderEvents: number; disconnects: number };

/** A socket.io client of the salon's owner on one gateway, counting evt.messaging.reminder.status-changed. */
function realtimeClient(port: number, name: string, auth: { token: string; channel: string; device: string }): Promise<RealtimeClient> {
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    path: '/websocket',
    auth,
    transports: ['websocket'],
    reconnectionDelayMax: 1000,
  });
  const client: RealtimeClient = { name, socket, reminderEvents: 0, disconnects: 0 };
  socket.on('message', (message: { scope?: string; event?: string }) => {
    if (message.scope === 'reminder' && message.event === 'status-changed') client.reminderEvents += 1;
  });
  socket.on('disconnect', () => (client.disconnects += 1));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', reject);
  });
}

/** The nodes that lead the WORK and EVENTS streams and the workers' consumer (Raft leaders), '?' when nobody answers. */
async function leaders(cluster: Cluster, prefix: string): Promise<{ WORK: string; EVENTS: string; consumer: string }> {
  const found = { WORK: '?', EVENTS: '?', consumer: '?' };
  const nc = await connect({ servers: cluster.nats.map((n) => n.url), timeout: 2000 }).catch(() => null);
  if (!nc) return found;
  try {
    const jsm = await jetstreamManager(nc, { timeout: 2000 });
    for (const base of ['WORK', 'EVENTS'] as const) {
      const info = await jsm.streams.info(streamName({ subjectPrefix: prefix }, base)).catch(() => null);
      found[base] = info?.cluster?.leader ?? '?';
    }
    const consumer = await jsm.consumers.info(streamName({ subjectPrefix: prefix }, 'WORK'), SEND_DURABLE).catch(() => null);
    found.consumer = consumer?.cluster?.leader ?? '?';
    return found;
  } finally {
    await nc.close().catch(() => undefined);
  }
}

const describeLeaders = (l: { WORK: string; EVENTS: string; consumer: string }) =>
  `WORK stream led by ${l.WORK}, its ${SEND_DURABLE} consumer by ${l.consumer}, EVENTS by ${l.EVENTS}`;

async function main(): Promise<void> {
  const count = arg('count', 3000);
  const latency = arg('latency', 250);
  const workerCount = arg('workers', 2);
  const inFlight = arg('in-flight', 8);
  const maxSeconds = arg('max-seconds', 300);
  const organizations = arg('organizations', 20);
  ensureDistNode((message) => console.log(`cluster-chaos: ${message}`));
  const scratch = await createScratchDatabase(`pawline_cchaos_${process.pid}`);
  const databaseUrl = scratch.url;
  const prefix = `cc${process.pid}.`;
  const dir = mkdtempSync(path.join(tmpdir(), 'pawline-cluster-chaos-'));

  const secret = 'cluster-chaos-only-a-scratch-secret-of-32-chars';
  const fake = await startFakeWhatsApp({
    tokenFor: (id) => `token-${id}`,
    latencyMs: latency,
    capPerSecond: 80,
    templates: [BENCH_TEMPLATE],
  });
  const base = await freeBase();
  const servicesDir = path.resolve(__dirname, '../../../services');
  const services = readdirSync(servicesDir)
    .filter((name) => name !== 'gateway' && existsSync(path.join(servicesDir, name, 'src', 'main.ts')))
    .sort();
  const plan = portPlan({ gatewayPort: base + 60, base, services, workers: 0 });
  let cluster: Cluster | null = null;
  const workers: BenchWorker[] = [];
  const kills: number[] = [];
  const unrecovered: string[] = [];
  let victim: Cluster['nats'][number] | null = null;
  const clients: RealtimeClient[] = [];
  try {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: CLUSTER_NODE_OPTIONS,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PAWLINE_SUBJECT_PREFIX: prefix,
      AUTH_TOKEN_SECRET: secret,
      PUBLIC_URL: `http://127.0.0.1:${plan.gateways[0]}`,
      LOG_LEVEL: 'error',
      CRM_FILES_DIR: dir,
      MESSAGING_FILES_DIR: dir,
    };
    console.log(
      `cluster-chaos: starting 3 NATS nodes (${plan.nats.map((n) => n.client).join(', ')}), ${services.length} services, gateways ${plan.gateways.join(' and ')} …`,
    );
    cluster = await startCluster({ env, plan, dir: path.join(dir, 'nats'), logDir: path.join(dir, 'logs'), services, echo: false });
    await migrateMessaging(databaseUrl);
    const nc = await connect({ servers: cluster.nats.map((n) => n.url), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    // one real salon among the organizations: its owner's socket.io clients, two on each gateway
    const rpc = new NatsRpcClient(nc, { subjectPrefix: prefix });
    const owner = await signUpOwner(rpc, secret, 'Chaos');
    const stores = await call(rpc, listStoresRpc, { orga_id: owner.orgaId }, owner.auth);
    const storeId =
      stores[0]?.id ??
      (await call(rpc, createStoreRpc, { orga_id: owner.orgaId, name: 'Chaos', country: 'IT', address_from_orga: true }, owner.auth)).id;
    for (const [g, port] of plan.gateways.entries())
      for (const k of [1, 2])
        clients.push(
          await realtimeClient(port, `gateway-${g + 1} client ${k}`, {
            token: owner.token,
            channel: owner.orgaId,
            device: `chaos-${g}-${k}`,
          }),
        );
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const messages = await seedReminders(db, 'cchaos', count, organizations, [{ orgaId: owner.orgaId, storeId }]);
    await db.end();
    await publishJobs(nc, prefix, messages);
    await nc.close();
    const workerEnv = (i: number) => ({
      DATABASE_URL: databaseUrl,
      NATS_URL: cluster!.natsUrlFor(i),
      NATS_STREAM_REPLICAS: '3',
      REDIS_URL,
      PAWLINE_SUBJECT_PREFIX: prefix,
      WHATSAPP_API_BASE_URL: fake.graphUrl,
      LOG_LEVEL: 'error',
      MESSAGING_WORKER_IN_FLIGHT: String(inFlight),
      MESSAGING_ACK_WAIT_MS: '5000',
      MESSAGING_CLAIM_LEASE_MS: '4000',
    });
    for (let i = 0; i < workerCount; i += 1) workers.push(await startWorker(workerEnv(i), `worker ${i + 1}`));
    console.log(
      `cluster-chaos: ${fmt(count)} reminders of ${organizations} organizations published (one of them a salon signed up through identity); ${workerCount} workers (${inFlight} in flight each)`,
    );

    const started = Date.now();
    const at = () => `${fmt((Date.now() - started) / 1000, 1)} s`;
    const note = (text: string) => console.log(`  ${at()}: ${text}`);
    const gatewayProbes = plan.gateways.map(() => ({ ok: 0, failed: 0 }));
    // the gateways' health every 250 ms, apart from the steps (a restart awaits its gateway)
    let probing = false;
    const probeTimer = setInterval(() => {
      if (probing) return;
      probing = true;
      void Promise.all(plan.gateways.map(gatewayAnswers)).then((answers) => {
        answers.forEach((ok, i) => (ok ? (gatewayProbes[i].ok += 1) : (gatewayProbes[i].failed += 1)));
        probing = false;
      });
    }, 250);
    const steps: { after: number; done: boolean; run: () => Promise<void> }[] = [
      {
        after: 4_000,
        done: false,
        run: async () => {
          // the harshest node to lose: the one leading the workers' consumer of the reminder work queue
          const before = await leaders(cluster!, prefix);
          victim = cluster!.nats.find((n) => n.name === before.consumer) ?? cluster!.nats[1];
          victim.kill();
          kills.push(Date.now());
          note(`SIGKILL ${victim.name} (${describeLeaders(before)})`);
        },
      },
      {
        after: 8_000,
        done: false,
        run: async () => {
          const gateway = cluster!.find('gateway-1')!;
          gateway.kill();
          note('SIGKILL gateway-1; starting it again');
          const starts = await cluster!.restart(gateway);
          if (starts === 0) unrecovered.push('gateway-1');
          note(
            starts === 0
              ? 'gateway-1 did NOT come back'
              : `gateway-1 answers again${starts > 1 ? ` (${starts} starts: the earlier ones exited while starting)` : ''}`,
          );
        },
      },
      {
        after: 12_000,
        done: false,
        run: async () => {
          note(`with ${victim!.name} down: ${describeLeaders(await leaders(cluster!, prefix))}`);
          victim!.start();
          note(`${victim!.name} started again (same store)`);
        },
      },
      {
        after: 16_000,
        done: false,
        run: async () => {
          const victim = workers[0];
          victim.child.kill('SIGKILL');
          kills.push(Date.now());
          await victim.exited;
          note(`SIGKILL ${victim.label} (not restarted)`);
        },
      },
      {
        after: 18_000,
        done: false,
        run: async () => {
          for (let i = 0; i < 2; i += 1) {
            const label = `worker ${workers.length + 1}`;
            workers.push(await startWorker(workerEnv(workers.length), label));
            note(`added ${label}`);
          }
        },
      },
    ];
    const poll = async () => {
      const client = new Client({ connectionString: databaseUrl });
      try {
        await client.connect();
        return await countSettled(client, 'cchaos');
      } catch {
        return null;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    let timedOut = false;
    for (;;) {
      await sleep(500);
      const elapsed = Date.now() - started;
      const step = steps.find((s) => !s.done && elapsed >= s.after);
      if (step) {
        step.done = true;
        await step.run();
      }
      const settled = await poll();
      if (settled && settled.sent + settled.other >= count && steps.every((s) => s.done)) break;
      if (elapsed > maxSeconds * 1000) {
        timedOut = true;
        note(`stopped waiting after ${maxSeconds} s`);
        break;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(probeTimer);
    // the last status events pass the outbox relay and the gateways
    await sleep(3000);
    // RSS after the bench, before anything stops
    const rows = [
      ...cluster.rows(),
      ...workers.map((w) => ({
        name: `bench ${w.label}`,
        port: null,
        pid: w.child.exitCode === null && w.child.signalCode === null ? (w.child.pid ?? null) : null,
      })),
    ];
    const table = rssTable(rows);
    await Promise.all(workers.map(stopWorker));
    const check = new Client({ connectionString: databaseUrl });
    await check.connect();
    const { rows: outbound } = await check.query<{ id: string; status: number; provider_message_id: string | null }>(
      `SELECT id, status, provider_message_id FROM messaging.outbound_message WHERE dedupe_key LIKE 'cchaos:%'`,
    );
    await check.end();
    const verdict = judgeRun(outbound, fake.sends(), kills);
    const sent = outbound.filter((row) => row.status === 1).length;
    const ownerIds = new Set(messages.filter((m) => m.orgaId === owner.orgaId).map((m) => m.id));
    const ownerSent = outbound.filter((row) => row.status === 1 && ownerIds.has(row.id)).length;
    console.log(
      '\n| reminders | seconds | sent | lost | never sent | duplicates | duplicates in flight at a kill | longest gap in sending | gateway-1 health answered | gateway-2 health answered |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    const share = (p: { ok: number; failed: number }) => `${p.ok} of ${p.ok + p.failed}`;
    console.log(
      `| ${fmt(count)} | ${fmt(seconds, 1)} | ${fmt(sent)} | ${verdict.lost} | ${verdict.neverSent} | ${verdict.duplicates} | ${verdict.explained} of ${verdict.orphans} | ${fmt(verdict.longestGapMs / 1000, 1)} s | ${share(gatewayProbes[0])} | ${share(gatewayProbes[1])} |`,
    );
    console.log(
      `\nRealtime: the salon's ${fmt(ownerSent)} sent reminders each make one evt.messaging.reminder.status-changed; what each socket.io client received:`,
    );
    for (const client of clients)
      console.log(`  ${client.name.padEnd(20)} ${fmt(client.reminderEvents)} of ${fmt(ownerSent)} (${client.disconnects} disconnects)`);
    console.log(`\nResident memory after the run:\n${table}`);
    const ok = !timedOut && unrecovered.length === 0 && verdict.lost === 0 && verdict.explained === verdict.orphans;
    console.log(
      ok
        ? '\n0 lost; every duplicate was a send in flight at a kill'
        : `\nFAILED: reminders lost, duplicates not explained by a kill, timed out, or not restarted (${unrecovered.join(', ') || 'none'})`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    for (const client of clients) client.socket.close();
    await Promise.all(workers.map(stopWorker)).catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    await fake.close();
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
