// Runs every service's migrations (the kit's tables, then the service's own), each schema under the same
// advisory lock the services take at start (libs/nest-kit/src/database/data-source.factory.ts), then exits.
// The Kubernetes migration Job runs it from the image (`node dist/node/start.cjs migrate`); on this machine:
//   DATABASE_URL=postgres://… node -r ./tools/swc/register.cjs tools/ops/migrate.ts
// Services still migrate at start; after this Job they find nothing left to do.
import fs from 'node:fs';
import path from 'node:path';
import { dataSourceOptions, type ServiceDefinition } from '@pawline/nest-kit';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pawline';

/** services/<name>/src/*.service-definition.{ts,js}: every exported ServiceDefinition with tables, one per schema. */
export function serviceDefinitions(servicesDir = path.resolve(__dirname, '../../services')): ServiceDefinition[] {
  const bySchema = new Map<string, ServiceDefinition>();
  for (const service of fs.readdirSync(servicesDir).sort()) {
    const src = path.join(servicesDir, service, 'src');
    if (!fs.existsSync(src)) continue;
    for (const file of fs.readdirSync(src).filter((f) => /\.service-definition\.(ts|js)$/.test(f))) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(path.join(src, file)) as Record<string, unknown>;
      for (const value of Object.values(exported)) {
        const def = value as Partial<ServiceDefinition> | null;
        if (!def || typeof def !== 'object' || typeof def.name !== 'string' || typeof def.module !== 'function') continue;
        if (def.database === false) continue;
        const schema = def.schema ?? def.name;
        const known = bySchema.get(schema);
        // messaging-worker shares messaging's schema and migrations: the longer list wins
        if (!known || (def.migrations?.length ?? 0) > (known.migrations?.length ?? 0)) bySchema.set(schema, def as ServiceDefinition);
      }
    }
  }
  return [...bySchema.values()];
}

export async function migrateAll(databaseUrl: string, log: (line: string) => void = console.log): Promise<Record<string, number>> {
  const applied: Record<string, number> = {};
  for (const def of serviceDefinitions()) {
    const options = dataSourceOptions(def, { databaseUrl });
    const schema = def.schema ?? def.name;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
      await client.end();
    }
    const dataSource = new DataSource(options);
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`pawline-migrations:${schema}`]);
      try {
        const done = await dataSource.runMigrations({ transaction: 'each' });
        applied[schema] = done.length;
        log(`migrate: ${schema}: ${done.length} migration(s) applied`);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`pawline-migrations:${schema}`]);
      }
    } finally {
      await runner.release();
      await dataSource.destroy();
    }
  }
  return applied;
}

/** Migrates DATABASE_URL and exits 0, or 1 with the error. */
export function runMigrateCli(): void {
  migrateAll(process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`migrate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

if (require.main === module) runMigrateCli();
