import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { sendMessageWork } from '@pawline/contracts';
import { dataSourceOptions } from '@pawline/nest-kit';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '../../../services/messaging/src/messaging.entities';

/** The template the seeded reminders name, approved in every bench account of the fake (4 body parameters). */
export const BENCH_TEMPLATE = { name: 'appointment_reminder', language: 'it', parameterCount: 4 };

const root = path.resolve(__dirname, '../../..');

export function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = hit ? Number(hit.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** messaging's tables in the bench database (what the worker's first start would do). */
export async function migrateMessaging(databaseUrl: string): Promise<void> {
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS "messaging"`);
  await admin.end();
  const ds = new DataSource(
    dataSourceOptions({ name: 'messaging', entities: MESSAGING_ENTITIES, migrations: MESSAGING_MIGRATIONS }, { databaseUrl }),
  );
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
}

/**
 * `count` next-day reminders of `stores` organizations (one sender each), interleaved the way a 12:00
 * run of many salons at once produces them. Returns the ids in that order.
 */
export async function seedReminders(
  db: Client,
  round: string,
  count: number,
  stores: number,
  /** real organizations (and their store) that take the first places among the `stores` */
  known: readonly { orgaId: string; storeId: string }[] = [],
): Promise<{ id: string; orgaId: string }[]> {
  const orgas = Array.from({ length: stores }, (_, i) => known[i] ?? { orgaId: randomUUID(), storeId: '' });
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    orgaId: orgas[i % stores].orgaId,
    storeId: orgas[i % stores].storeId || orgas[i % stores].orgaId,
    i,
  }));
  for (let start = 0; start < rows.length; start += 10_000) {
    const chunk = rows.slice(start, start + 10_000);
    await db.query(
      `INSERT INTO messaging.outbound_message (id, orga_id, store_id, kind, template_type, appointment_id, customer_id, dedupe_key, to_phone, content, status)
       SELECT r.id, r.orga_id, r.store_id, 'reminder', 0, gen_random_uuid(), gen_random_uuid(), $2 || r.id, r.to_phone,
              jsonb_build_object('kind', 'template', 'to', r.to_phone, 'templateName', 'appointment_reminder', 'language', 'it',
                'parameters', jsonb_build_array('Giulia', 'Luna', 'mercoledì 2 dicembre', '10:00'), 'buttons', 1,
                'buttonPayloads', jsonb_build_array('confirm:' || r.id, 'decline:' || r.id),
                'renderedText', 'Ciao Giulia, ti ricordiamo l''appuntamento di Luna mercoledì 2 dicembre alle 10:00.'), 0
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, orga_id uuid, store_id uuid, to_phone text)`,
      [
        JSON.stringify(
          chunk.map((r) => ({ id: r.id, orga_id: r.orgaId, store_id: r.storeId, to_phone: `39340${String(1_000_000 + r.i)}` })),
        ),
        `${round}:`,
      ],
    );
  }
  return rows.map(({ id, orgaId }) => ({ id, orgaId }));
}

/** The jobs as the outbox relay publishes them (Nats-Msg-Id = envelope id), `window` publishes in flight. */
export async function publishJobs(
  nc: NatsConnection,
  prefix: string,
  messages: { id: string; orgaId: string }[],
  window = 2000,
): Promise<void> {
  const js = jetstream(nc);
  for (let start = 0; start < messages.length; start += window) {
    await Promise.all(
      messages.slice(start, start + window).map((message) => {
        const id = randomUUID();
        const envelope = {
          id,
          subject: sendMessageWork.subject,
          occurredAt: new Date().toISOString(),
          orgaId: message.orgaId,
          storeId: message.orgaId,
          actor: null,
          data: { outbound_id: message.id },
        };
        return js.publish(`${prefix}${sendMessageWork.subject}`, JSON.stringify(envelope), { msgID: id });
      }),
    );
  }
}

export type BenchWorker = { child: ChildProcess; httpUrl: string; exited: Promise<unknown>; label: string };

/** One worker process (bench-worker-main.ts), resolved once it has started. */
export async function startWorker(env: Record<string, string>, label: string): Promise<BenchWorker> {
  const child = fork(path.join(__dirname, 'bench-worker-main.ts'), [], {
    // BENCH_CPU_PROF=<dir>: a CPU profile of each worker process, written when it stops
    execArgv: [
      '-r',
      path.join(root, 'tools/swc/register.cjs'),
      ...(process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROF']}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const httpUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start in 60 s`)), 60_000);
    child.once('message', (message: { httpUrl?: string }) => {
      clearTimeout(timer);
      resolve(message.httpUrl ?? '');
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before it was ready (${String(how)})`));
    });
  });
  return { child, httpUrl, exited, label };
}

export async function stopWorker(worker: BenchWorker): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
  await Promise.race([worker.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
}

export type WorkerMetrics = { accepted: number; cpuUserMicros: number; cpuSystemMicros: number } & Record<string, number>;

export async function metricsOf(worker: BenchWorker): Promise<WorkerMetrics> {
  return (await (await fetch(`${worker.httpUrl}/metrics`)).json()) as WorkerMetrics;
}

export async function countSettled(db: Client, round: string): Promise<{ sent: number; other: number }> {
  const { rows } = await db.query<{ sent: string; other: string }>(
    `SELECT count(*) FILTER (WHERE status = 1) AS sent, count(*) FILTER (WHERE status NOT IN (0, 1)) AS other
       FROM messaging.outbound_message WHERE dedupe_key LIKE $1`,
    [`${round}:%`],
  );
  return { sent: Number(rows[0]?.sent ?? 0), other: Number(rows[0]?.other ?? 0) };
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export type ProviderSend = { buttonPayloads: readonly string[]; messageId: string; at: number };

/**
 * The verdict of a chaos run from the rows of messaging.outbound_message and the provider's accepted
 * sends: lost (not recorded as sent), never sent (the provider never took it), duplicates (reminders
 * the provider took more than once), and orphans (sends the rows do not record) with those explained
 * by a kill (taken by the provider at most 60 s before a process was killed).
 */
export function judgeRun(
  rows: readonly { id: string; status: number; provider_message_id: string | null }[],
  sends: readonly ProviderSend[],
  kills: readonly number[],
): { lost: number; neverSent: number; duplicates: number; orphans: number; explained: number; longestGapMs: number } {
  const recorded = new Map(rows.map((row) => [row.id, row]));
  const outboundOf = (send: ProviderSend) => send.buttonPayloads[0]?.replace(/^confirm:/, '') ?? '';
  const byOutbound = new Map<string, ProviderSend[]>();
  for (const send of sends) byOutbound.set(outboundOf(send), [...(byOutbound.get(outboundOf(send)) ?? []), send]);
  const orphans = sends.filter((send) => recorded.get(outboundOf(send))?.provider_message_id !== send.messageId);
  // a duplicate is the send of a worker that died before recording it: the provider took it before a kill
  const explained = orphans.filter((send) => kills.some((kill) => send.at <= kill && kill - send.at < 60_000));
  const times = sends.map((send) => send.at).sort((a, b) => a - b);
  let longestGapMs = 0;
  for (let i = 1; i < times.length; i += 1) longestGapMs = Math.max(longestGapMs, times[i] - times[i - 1]);
  return {
    lost: rows.filter((row) => row.status !== 1).length,
    neverSent: rows.filter((row) => !byOutbound.has(row.id)).length,
    duplicates: [...byOutbound.values()].filter((list) => list.length > 1).length,
    orphans: orphans.length,
    explained: explained.length,
    longestGapMs,
  };
}
