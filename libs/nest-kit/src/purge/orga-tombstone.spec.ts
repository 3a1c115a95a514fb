import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTestEnv, type TestEnv } from '../testing/test-env';
import { orgaTombstones } from './orga-tombstone';

jest.setTimeout(60_000);

/** R1.17 the shared tombstone of a cancelled organization, on the real Postgres (its own database). */
describe('orgaTombstones', () => {
  let env: TestEnv;
  let db: DataSource;
  let other: Client;
  const tombstones = orgaTombstones('svc-orga');

  beforeAll(async () => {
    env = await createTestEnv();
    await env.query(`CREATE SCHEMA svc`);
    await env.query(`CREATE TABLE svc.orga_tombstone (orga_id uuid PRIMARY KEY, cancelled_at timestamptz NOT NULL)`);
    db = new DataSource({ type: 'postgres', url: env.databaseUrl, schema: 'svc', extra: { options: '-c search_path=svc' } });
    await db.initialize();
    other = new Client({ connectionString: env.databaseUrl });
    await other.connect();
  });

  afterAll(async () => {
    await other?.end().catch(() => undefined);
    await db?.destroy();
    await env?.dispose();
  });

  it("R1.17 an organization is writable until its tombstone is recorded, in the service's own table; others stay writable", async () => {
    const [cancelled, kept] = [randomUUID(), randomUUID()];
    expect(await db.transaction((m) => tombstones.orgaWritable(m, cancelled))).toBe(true);
    await db.transaction(async (m) => {
      await tombstones.lockOrga(m, cancelled);
      await tombstones.recordTombstone(m, cancelled, '2026-11-20T10:00:00.000Z');
      // a second delivery of the cancellation keeps the first time
      await tombstones.recordTombstone(m, cancelled, '2026-11-21T10:00:00.000Z');
    });
    expect(await db.transaction((m) => tombstones.orgaWritable(m, cancelled))).toBe(false);
    expect(await db.transaction((m) => tombstones.orgaWritable(m, kept))).toBe(true);
    expect(await db.transaction((m) => tombstones.tombstonedOrgas(m))).toEqual([cancelled]);
    const [row] = await env.query<{ at: string }>(`SELECT cancelled_at::text AS at FROM svc.orga_tombstone WHERE orga_id = $1`, [
      cancelled,
    ]);
    expect(new Date(row.at).toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it("holds the organization's lock, keyed 'namespace:orga_id', until the transaction ends", async () => {
    const orga = randomUUID();
    const tryLock = async (key: string) =>
      (await other.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext($1)) AS ok`, [key])).rows[0].ok;
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = (): void => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (m) => {
      await tombstones.lockOrga(m, orga);
      locked();
      await released;
    });
    await isLocked;
    // the key a service wrote literally before (marketing's 'marketing-audience-visits:' || orga_id) is the same lock
    expect(await tryLock(`svc-orga:${orga}`)).toBe(false);
    expect(await tryLock(`svc-orga:${randomUUID()}`)).toBe(true);
    release();
    await holder;
    expect(await tryLock(`svc-orga:${orga}`)).toBe(true);
    await other.query(`SELECT pg_advisory_unlock_all()`);
  });

  it('refuses an empty namespace or one with the separator', () => {
    expect(() => orgaTombstones('')).toThrow();
    expect(() => orgaTombstones('a:b')).toThrow();
  });
});
