import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';
import { DEFAULT_DATABASE_POOL_MAX, type KitConfig } from '../config/kit-config';
import { KIT_ENTITIES } from './kit-entities';
import { KitTables1000000000000 } from './kit-tables.migration';

type EntityList = MixedList<string | (new (...args: never[]) => unknown)>;
export type ServiceSchema = { name: string; schema?: string; entities?: unknown[]; migrations?: unknown[] };

/** One DataSource per service: schema = service name (or its `schema`), search_path too, migrations never synchronize. */
export function dataSourceOptions(
  def: ServiceSchema,
  config: Pick<KitConfig, 'databaseUrl'> & Partial<Pick<KitConfig, 'databasePoolMax'>>,
): DataSourceOptions {
  const schema = def.schema ?? def.name;
  return {
    type: 'postgres',
    url: config.databaseUrl,
    schema,
    entities: [...KIT_ENTITIES, ...(def.entities ?? [])] as EntityList,
    migrations: [KitTables1000000000000, ...(def.migrations ?? [])] as EntityList,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    // unqualified names in a service's SQL land in its own schema
    extra: { options: `-c search_path="${schema}",public`, max: config.databasePoolMax ?? DEFAULT_DATABASE_POOL_MAX },
  };
}

/** Creates the service's schema when missing (two services starting at once are fine). */
export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // concurrent CREATE SCHEMA IF NOT EXISTS can still hit the unique index
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/**
 * Creates the schema, initialises the DataSource and runs the kit's then the service's migrations
 * under an advisory lock, so two instances starting together do not run them twice.
 */
export async function openServiceDataSource(options: DataSourceOptions): Promise<DataSource> {
  const schema = (options as { schema: string }).schema;
  await ensureSchema((options as { url: string }).url, schema);
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`pawline-migrations:${schema}`]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`pawline-migrations:${schema}`]);
    }
  } catch (error) {
    await runner.release();
    await dataSource.destroy();
    throw error;
  }
  await runner.release();
  return dataSource;
}
