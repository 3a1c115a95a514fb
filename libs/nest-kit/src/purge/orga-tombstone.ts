import type { EntityManager } from 'typeorm';

/**
 * R1.17 a cancelled organization's tombstone, for a service whose consumers are separate durables: after a
 * restart or a backlog its purge can run before another consumer reaches the organization's older events.
 * Every write of an organization's rows takes the organization's lock (a transaction advisory lock on
 * `namespace:orga_id`) and checks the tombstone; the purge records the tombstone and deletes under the same
 * lock in one transaction. A purge and a write then never interleave, and whatever comes after the purge
 * sees the tombstone and writes nothing.
 *
 * The tombstones are the service's own `orga_tombstone` table (orga_id uuid primary key, cancelled_at
 * timestamptz), found through the connection's search_path (the service's schema).
 */
export type OrgaTombstones = {
  /** Takes the organization's lock until the transaction ends. */
  lockOrga(m: EntityManager, orgaId: string): Promise<void>;
  /** Takes the organization's lock and answers whether the service may still write its rows. */
  orgaWritable(m: EntityManager, orgaId: string): Promise<boolean>;
  /** Records the organization's tombstone (the purge, under the lock, in the delete's transaction). */
  recordTombstone(m: EntityManager, orgaId: string, cancelledAt: string): Promise<void>;
  /** Every tombstoned organization (a rebuild drops them all). */
  tombstonedOrgas(m: EntityManager): Promise<string[]>;
};

/**
 * The tombstone functions of one service, its lock key `lockNamespace + ':' + orga_id` (hashtext): every
 * instance and every writer of the service must use the same namespace, and a service that already had a
 * lock for its organizations keeps that key so older instances still exclude the new ones.
 */
export function orgaTombstones(lockNamespace: string): OrgaTombstones {
  if (!lockNamespace || lockNamespace.includes(':')) throw new Error(`orgaTombstones: bad lock namespace "${lockNamespace}"`);
  const lockOrga = async (m: EntityManager, orgaId: string): Promise<void> => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1::text || ':' || $2::text))`, [lockNamespace, orgaId]);
  };
  return {
    lockOrga,
    async orgaWritable(m, orgaId) {
      await lockOrga(m, orgaId);
      const rows = await m.query<unknown[]>(`SELECT 1 FROM orga_tombstone WHERE orga_id = $1`, [orgaId]);
      return rows.length === 0;
    },
    async recordTombstone(m, orgaId, cancelledAt) {
      await m.query(`INSERT INTO orga_tombstone (orga_id, cancelled_at) VALUES ($1, $2) ON CONFLICT (orga_id) DO NOTHING`, [
        orgaId,
        cancelledAt,
      ]);
    },
    async tombstonedOrgas(m) {
      const rows = await m.query<{ orga_id: string }[]>(`SELECT orga_id FROM orga_tombstone`);
      return rows.map((row) => row.orga_id);
    },
  };
}
