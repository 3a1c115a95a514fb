import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const fixtures = path.join(__dirname, '../fixtures');

function checkMigrations(...files: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'tools/check-migrations.cjs'), ...files], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout + stderr });
    });
  });
}

describe('tools/check-migrations.cjs (real Postgres scratch databases)', () => {
  it('passes a service whose entities match its migrations (kit tables included)', async () => {
    const result = await checkMigrations(path.join(fixtures, 'fixture.service-definition.ts'));
    expect(result.stdout).toContain('ok   fixture');
    expect(result.code).toBe(0);
  }, 60_000);

  it('fails and prints the missing SQL when an entity gained a column without a migration', async () => {
    const result = await checkMigrations(path.join(fixtures, 'drift/drift.service-definition.ts'));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('DRIFT drift');
    expect(result.stdout).toMatch(/ALTER TABLE "pet" ADD "nickname" text/);
  }, 60_000);

  it('drops its scratch databases', async () => {
    const result = await checkMigrations(
      path.join(fixtures, 'fixture.service-definition.ts'),
      path.join(fixtures, 'drift/drift.service-definition.ts'),
    );
    const scratch = [...result.stdout.matchAll(/scratch database (pawline_check_[0-9a-f]+) dropped/g)].map((m) => m[1]);
    expect(scratch).toHaveLength(2);
    const { Client } = await import('pg');
    const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await client.connect();
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname = ANY($1)`, [scratch]);
    await client.end();
    expect(rows).toEqual([]);
  }, 60_000);
});
