#!/usr/bin/env node
// Fails when a service's entities differ from what its migrations create (docs/conventions.md: migration-drift check).
// For every services/*/src/*.service-definition.ts (or the files given as arguments): a scratch database,
// the kit's and the service's migrations, then TypeORM's pending schema changes; any → print the SQL, exit 1.
//   node tools/check-migrations.cjs [path/to/x.service-definition.ts ...]
require('./swc/register.cjs');
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..');
const { dataSourceOptions, openServiceDataSource } = require(path.join(root, 'libs/nest-kit/src/database/data-source.factory.ts'));

function definitionFiles(args) {
  if (args.length > 0) return args.map((file) => path.resolve(file));
  const servicesDir = path.join(root, 'services');
  if (!fs.existsSync(servicesDir)) return [];
  return fs
    .readdirSync(servicesDir)
    .map((service) => path.join(servicesDir, service, 'src'))
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.service-definition.ts'))
        .map((f) => path.join(dir, f)),
    );
}

function isDefinition(value) {
  return Boolean(value) && typeof value === 'object' && typeof value.name === 'string' && typeof value.module === 'function';
}

function serverUrl(database) {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/pawline');
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin(sql) {
  const client = new Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The SQL TypeORM would still run after all migrations: empty when entities and migrations agree. */
async function pendingChanges(def) {
  const database = `pawline_check_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${database}"`);
  let dataSource = null;
  try {
    dataSource = await openServiceDataSource(dataSourceOptions(def, { databaseUrl: serverUrl(database) }));
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return { database, changes: sql.upQueries.map((query) => query.query) };
  } finally {
    if (dataSource) await dataSource.destroy();
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

async function main() {
  const files = definitionFiles(process.argv.slice(2));
  let drift = false;
  for (const file of files) {
    const definitions = Object.values(require(file)).filter(isDefinition);
    for (const def of definitions) {
      if (def.database === false) continue;
      const { database, changes } = await pendingChanges(def);
      const where = path.relative(root, file);
      if (changes.length === 0) {
        process.stdout.write(`ok   ${def.name} (${where}): entities match migrations (scratch database ${database} dropped)\n`);
        continue;
      }
      drift = true;
      process.stdout.write(
        `DRIFT ${def.name} (${where}): entities changed without a migration (scratch database ${database} dropped); missing SQL:\n`,
      );
      for (const query of changes) process.stdout.write(`  ${query};\n`);
    }
  }
  if (files.length === 0) process.stdout.write('no service definitions found\n');
  process.exit(drift ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`check-migrations failed: ${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(2);
});
