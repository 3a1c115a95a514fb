// Postgres backup and restore drill (deploy/README.md, "Backup and restore"): on a scratch database,
// run every service's migrations, seed rows, pg_dump (custom format), drop the database as if it were
// lost, pg_restore into a new one, and compare every table's row count and the seeded rows' checksum.
// Prints the figures; exits 1 when anything differs. Cleans up after itself (databases and dump file).
//   npm run restore-drill          (DATABASE_URL names the server; its database name is not used)
//   DRILL_ROWS=100000 npm run restore-drill
// pg_dump / pg_restore: PG_DUMP and PG_RESTORE, else the ones on PATH (same major version as the server or newer).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pg = require('pg');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const rows = Number(process.env.DRILL_ROWS || 20000);
const PG_DUMP = process.env.PG_DUMP || 'pg_dump';
const PG_RESTORE = process.env.PG_RESTORE || 'pg_restore';
const source = `pawline_drill_${process.pid}`;
const restored = `${source}_restored`;
const dumpFile = path.join(os.tmpdir(), `${source}.dump`);

const urlOf = (database) => {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
};
const seconds = (start) => ((performance.now() - start) / 1000).toFixed(2);

async function withClient(database, work) {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.error)
    throw new Error(`${command}: ${result.error.message} (set ${command === PG_DUMP ? 'PG_DUMP' : 'PG_RESTORE'} to its path)`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** schema.table → exact row count, for every table outside the system schemas. */
async function tableCounts(database) {
  return withClient(database, async (client) => {
    const { rows: tables } = await client.query(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const counts = new Map();
    for (const { schema, name } of tables) {
      const { rows: answer } = await client.query(`SELECT count(*)::bigint AS n FROM "${schema}"."${name}"`);
      counts.set(`${schema}.${name}`, Number(answer[0].n));
    }
    const { rows: sum } = await client.query(
      `SELECT md5(string_agg(id::text || '|' || label || '|' || payload::text || '|' || at::text || '|' || encode(bytes, 'hex'), ',' ORDER BY id)) AS digest FROM drill.sample`,
    );
    return { counts, digest: sum[0].digest };
  });
}

const adminDb = server.pathname.replace(/^\//, '') || 'postgres';
let failed = false;
try {
  await withClient(adminDb, (client) => client.query(`CREATE DATABASE ${source}`));
  console.log(`restore-drill: scratch database ${source} on ${server.host}`);

  let start = performance.now();
  run(process.execPath, ['-r', './tools/swc/register.cjs', 'tools/ops/migrate.ts'], { ...process.env, DATABASE_URL: urlOf(source) });
  console.log(`  migrations of every service          ${seconds(start)} s`);

  start = performance.now();
  await withClient(source, async (client) => {
    await client.query('CREATE SCHEMA drill');
    await client.query(
      `CREATE TABLE drill.sample (id bigint PRIMARY KEY, label text NOT NULL, payload jsonb NOT NULL, at timestamptz NOT NULL, bytes bytea NOT NULL)`,
    );
    await client.query(
      `INSERT INTO drill.sample
       SELECT i, 'row ' || i || ' è ✓', jsonb_build_object('i', i, 'tags', jsonb_build_array('a', i % 7)),
              timestamptz '2026-01-01 12:00:00+01' + i * interval '1 minute', decode(md5(i::text), 'hex')
         FROM generate_series(1, $1::int) AS i`,
      [rows],
    );
  });
  console.log(`  seeded drill.sample                  ${rows} rows, ${seconds(start)} s`);
  const before = await tableCounts(source);

  start = performance.now();
  run(PG_DUMP, ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${urlOf(source)}`]);
  const dumpSeconds = seconds(start);
  console.log(`  pg_dump -Fc                          ${dumpSeconds} s, ${(fs.statSync(dumpFile).size / 1024).toFixed(0)} KiB`);

  // the loss
  await withClient(adminDb, (client) => client.query(`DROP DATABASE ${source} WITH (FORCE)`));
  console.log(`  dropped ${source}`);

  start = performance.now();
  await withClient(adminDb, (client) => client.query(`CREATE DATABASE ${restored}`));
  run(PG_RESTORE, ['--no-owner', '--exit-on-error', `--dbname=${urlOf(restored)}`, dumpFile]);
  console.log(`  pg_restore into ${restored}  ${seconds(start)} s`);

  const after = await tableCounts(restored);
  const names = [...new Set([...before.counts.keys(), ...after.counts.keys()])].sort();
  const differing = names.filter((name) => before.counts.get(name) !== after.counts.get(name));
  const total = (counts) => [...counts.values()].reduce((a, b) => a + b, 0);
  console.log(`  tables                               ${before.counts.size} before, ${after.counts.size} after`);
  console.log(`  rows (all tables)                    ${total(before.counts)} before, ${total(after.counts)} after`);
  console.log(`  drill.sample checksum                ${before.digest === after.digest ? 'equal' : 'DIFFERENT'} (${after.digest})`);
  for (const name of differing) console.log(`  DIFFERENT ${name}: ${before.counts.get(name)} before, ${after.counts.get(name)} after`);
  failed = differing.length > 0 || before.digest !== after.digest || before.counts.size === 0;
  console.log(failed ? 'restore-drill: FAILED' : 'restore-drill: restored database equals the dumped one');
} catch (error) {
  failed = true;
  console.error(`restore-drill: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  fs.rmSync(dumpFile, { force: true });
  await withClient(adminDb, async (client) => {
    for (const db of [source, restored]) await client.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }).catch((error) => console.error(`restore-drill: cleanup: ${error.message}`));
}
process.exitCode = failed ? 1 : 0;
