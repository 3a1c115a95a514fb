import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** A stable 64-bit advisory lock key for a job name (signed, as Postgres takes it). */
export function advisoryKeyOf(name: string): string {
  return createHash('sha256').update(`pawline:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `work` only in the one instance that holds the job's transaction-level advisory lock; the others
 * skip this turn (answer null). Held for the transaction only, so a crashed leader frees it at once and
 * the next tick of any instance takes over. The work must be idempotent per turn (the jobs record what
 * they did, e.g. the local day of a refresh), so a turn repeated after a crash does nothing twice.
 */
export async function asLeader<T>(db: DataSource, name: string, work: (manager: EntityManager) => Promise<T>): Promise<T | null> {
  return db.transaction(async (manager) => {
    const [row] = await manager.query<{ ok: boolean }[]>(`SELECT pg_try_advisory_xact_lock($1::bigint) AS ok`, [advisoryKeyOf(name)]);
    if (!row?.ok) return null;
    return work(manager);
  });
}
