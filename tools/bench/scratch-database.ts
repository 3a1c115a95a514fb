import { Client } from 'pg';

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * A database of its own on the machine's Postgres (DATABASE_URL's server) for a bench or an operator
 * tool that starts the processes: created now, dropped with `drop()` even while connections remain.
 */
export async function createScratchDatabase(name: string): Promise<ScratchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const server = new URL(process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const url = new URL(server);
  url.pathname = `/${name}`;
  const onAdmin = async (sql: string) => {
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onAdmin(`CREATE DATABASE ${name}`);
  return { name, url: url.toString(), drop: () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
