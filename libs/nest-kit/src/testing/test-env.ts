import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'pg';
import { DEFAULT_DATABASE_URL, DEFAULT_NATS_URL, loadKitConfig, type KitConfig } from '../config/kit-config';
import { deleteStreams, ensureStreams } from '../nats/jetstream-streams';
import { NatsRpcClient } from '../rpc/nats-rpc.client';
import type { ServiceDefinition } from '../service-definition';
import { startService, type RunningService } from '../start-service';

export type TestEnv = {
  /** `pawline_t_<random>` */
  databaseName: string;
  databaseUrl: string;
  natsUrl: string;
  /** `t<random>.` */
  subjectPrefix: string;
  /** Environment variables that point a child process at this env. */
  processEnv: Record<string, string>;
  start(def: ServiceDefinition, overrides?: Partial<KitConfig>): Promise<RunningService>;
  rpcClient(): NatsRpcClient;
  /** A NATS connection of this env (closed by dispose). */
  nats(): NatsConnection;
  config(serviceName: string): KitConfig;
  /** Runs SQL against this env's database. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
};

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh database and subject prefix on the real Postgres and NATS of this machine. */
export async function createTestEnv(): Promise<TestEnv> {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `pawline_t_${suffix}`;
  const server = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const adminUrl = withDatabase(server, 'postgres');
  const databaseUrl = withDatabase(server, databaseName);
  const natsUrl = process.env['NATS_URL'] || DEFAULT_NATS_URL;
  const subjectPrefix = `t${suffix}.`;
  const logLevel = (process.env['LOG_LEVEL'] as KitConfig['logLevel'] | undefined) || 'warn';

  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${databaseName}"`);
  } finally {
    await admin.end();
  }
  const nc = await connect({ servers: natsUrl, name: `pawline-test-${suffix}` });
  await ensureStreams(nc, { subjectPrefix });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();

  const running: RunningService[] = [];
  const base = { databaseUrl, natsUrl, subjectPrefix, logLevel, redisUrl: null } satisfies Partial<KitConfig>;

  return {
    databaseName,
    databaseUrl,
    natsUrl,
    subjectPrefix,
    processEnv: {
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      PAWLINE_SUBJECT_PREFIX: subjectPrefix,
      LOG_LEVEL: logLevel,
      REDIS_URL: 'off',
    },
    async start(def, overrides = {}) {
      const service = await startService(def, { ...base, httpPort: def.http ? 0 : null, ...overrides });
      running.push(service);
      return service;
    },
    rpcClient: () => new NatsRpcClient(nc, { subjectPrefix }),
    nats: () => nc,
    config: (serviceName) => loadKitConfig({ name: serviceName }, {}, { ...base, httpPort: 0 }),
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[],
    async dispose() {
      await Promise.allSettled(running.map((service) => service.close()));
      await db.end().catch(() => undefined);
      await deleteStreams(nc, { subjectPrefix });
      await nc.close();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
