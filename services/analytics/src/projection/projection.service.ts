import { Injectable } from '@nestjs/common';
import {
  ContributionSum,
  bookedPlaceholder,
  bucketOf,
  customerOf,
  factsOfSnapshot,
  type AppointmentFacts,
  type AppointmentSnapshotFacts,
  type Contribution,
} from '@pawline/domain';
import type { EntityManager } from 'typeorm';

/** Greater than every snapshot version (an ISO instant): a deleted appointment never comes back. */
export const DELETED_VERSION = '~deleted';
/** Below every snapshot version: an appointment known only from an accepted booking. */
const PLACEHOLDER_VERSION = '';

type FactRow = { id: string; version: string; facts: AppointmentFacts };
type Scope = { orga_id: string; store_id: string };

/**
 * Keeps analytics' read model (docs/adr/0034): each appointment's facts and the counters they add up
 * to. Every change moves the counters by contribution(new) − contribution(old) in the consumer's
 * transaction, so a redelivered event (the kit also skips processed ids) or an older version changes nothing.
 */
@Injectable()
export class ProjectionService {
  /** R1.12 appointments as scheduling's snapshots leave them (created, moved, checked out, declined, …). */
  async applySnapshots(m: EntityManager, scope: Scope, snapshots: readonly AppointmentSnapshotFacts[]): Promise<void> {
    if (snapshots.length === 0) return;
    const previous = await this.facts(
      m,
      snapshots.map((s) => s.id),
    );
    const owners = await this.owners(
      m,
      snapshots.flatMap((s) => s.pet_ids),
    );
    const sum = new ContributionSum();
    for (const snapshot of snapshots) {
      const old = previous.get(snapshot.id);
      const version = (snapshot as { version?: string }).version ?? '';
      if (old && old.version >= version) continue;
      const next = factsOfSnapshot(scope, snapshot, old?.facts ?? null, (pet) => owners.get(pet));
      sum.change(old?.facts ?? null, next);
      await this.save(m, next, version, old);
    }
    await this.applyContribution(m, sum.result());
  }

  /** An appointment deleted: it stops counting, and no later event brings it back. */
  async applyDeleted(m: EntityManager, scope: Scope, appointmentIds: readonly string[]): Promise<void> {
    const previous = await this.facts(m, appointmentIds);
    const sum = new ContributionSum();
    for (const id of appointmentIds) {
      const old = previous.get(id);
      const gone: AppointmentFacts = { ...(old?.facts ?? bookedPlaceholder({ ...scope, id })), deleted: true };
      sum.change(old?.facts ?? null, gone);
      await this.save(m, gone, DELETED_VERSION, old);
    }
    await this.applyContribution(m, sum.result());
  }

  /** R1.12 booking share: the appointment an online booking request became. */
  async applyBookingAccepted(m: EntityManager, scope: Scope, appointmentId: string): Promise<void> {
    const old = (await this.facts(m, [appointmentId])).get(appointmentId);
    if (old?.facts.from_booking) return;
    const next: AppointmentFacts = old ? { ...old.facts, from_booking: true } : bookedPlaceholder({ ...scope, id: appointmentId });
    await this.save(m, next, old?.version ?? PLACEHOLDER_VERSION, old);
    await this.applyContribution(m, new ContributionSum().change(old?.facts ?? null, next).result());
  }

  /** A pet's owner (crm): the appointments of the pet take the customer it decides. */
  async applyPetOwner(m: EntityManager, orgaId: string, petId: string, customerId: string): Promise<void> {
    const changed: unknown[] = await m.query(
      `INSERT INTO pet_owner (pet_id, orga_id, customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (pet_id) DO UPDATE SET customer_id = EXCLUDED.customer_id
       WHERE pet_owner.customer_id IS DISTINCT FROM EXCLUDED.customer_id RETURNING pet_id`,
      [petId, orgaId, customerId],
    );
    if (changed.length === 0) return;
    const ids: { appointment_id: string }[] = await m.query(`SELECT appointment_id FROM fact_pet WHERE pet_id = $1`, [petId]);
    if (ids.length === 0) return;
    const previous = await this.facts(
      m,
      ids.map((row) => row.appointment_id),
    );
    const owners = await this.owners(
      m,
      [...previous.values()].flatMap((row) => row.facts.pet_ids),
    );
    const sum = new ContributionSum();
    for (const row of previous.values()) {
      const customer = customerOf(row.facts.pet_ids, (pet) => owners.get(pet));
      if (customer === row.facts.customer_id) continue;
      const next = { ...row.facts, customer_id: customer };
      sum.change(row.facts, next);
      await m.query(`UPDATE appointment_fact SET facts = $2 WHERE id = $1`, [row.id, JSON.stringify(next)]);
    }
    await this.applyContribution(m, sum.result());
  }

  private async facts(m: EntityManager, ids: readonly string[]): Promise<Map<string, FactRow>> {
    const rows: FactRow[] = await m.query(`SELECT id, version, facts FROM appointment_fact WHERE id = ANY($1::uuid[]) FOR UPDATE`, [ids]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  private async owners(m: EntityManager, petIds: readonly string[]): Promise<Map<string, string>> {
    if (petIds.length === 0) return new Map();
    const rows: { pet_id: string; customer_id: string }[] = await m.query(
      `SELECT pet_id, customer_id FROM pet_owner WHERE pet_id = ANY($1::uuid[])`,
      [[...new Set(petIds)]],
    );
    return new Map(rows.map((row) => [row.pet_id, row.customer_id]));
  }

  private async save(m: EntityManager, facts: AppointmentFacts, version: string, old: FactRow | undefined): Promise<void> {
    await m.query(
      `INSERT INTO appointment_fact (id, orga_id, store_id, version, facts) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, facts = EXCLUDED.facts`,
      [facts.id, facts.orga_id, facts.store_id, version, JSON.stringify(facts)],
    );
    const samePets = old && old.facts.pet_ids.join() === facts.pet_ids.join();
    if (samePets) return;
    await m.query(`DELETE FROM fact_pet WHERE appointment_id = $1`, [facts.id]);
    if (facts.pet_ids.length > 0)
      await m.query(`INSERT INTO fact_pet (pet_id, appointment_id, orga_id) SELECT unnest($1::uuid[]), $2, $3 ON CONFLICT DO NOTHING`, [
        facts.pet_ids,
        facts.id,
        facts.orga_id,
      ]);
  }

  /** Adds the deltas to the counters; customers whose visits moved get their first and last visit again. */
  async applyContribution(m: EntityManager, delta: Contribution): Promise<void> {
    const { cells, visits } = delta;
    if (cells.length > 0) {
      await m.query(
        `INSERT INTO stat_cell (store_id, day, kind, key, orga_id, count, amount)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[], $4::varchar[], $5::uuid[], $6::int[], $7::bigint[])
         ON CONFLICT (store_id, day, kind, key) DO UPDATE
           SET count = stat_cell.count + EXCLUDED.count, amount = stat_cell.amount + EXCLUDED.amount`,
        [
          cells.map((c) => c.store_id),
          cells.map((c) => c.day),
          cells.map((c) => c.kind),
          cells.map((c) => c.key),
          cells.map((c) => c.orga_id),
          cells.map((c) => c.count),
          cells.map((c) => c.amount),
        ],
      );
    }
    if (visits.length === 0) return;
    const months = new Map<string, { store_id: string; month: string; customer_id: string; orga_id: string; visits: number }>();
    for (const v of visits) {
      const month = bucketOf(v.day, 'month');
      const key = `${v.store_id}|${month}|${v.customer_id}`;
      const found = months.get(key);
      if (found) found.visits += v.visits;
      else months.set(key, { store_id: v.store_id, month, customer_id: v.customer_id, orga_id: v.orga_id, visits: v.visits });
    }
    const dayRows = visits.map((v) => ({ ...v, at: v.day }));
    const monthRows = [...months.values()].filter((v) => v.visits !== 0).map((v) => ({ ...v, at: v.month }));
    const distinct = [
      ...(await this.addVisits(m, 'customer_visit_day', 'day', dayRows)).map((c) => ({ ...c, kind: 'customers' as const })),
      ...(await this.addVisits(m, 'customer_visit_month', 'month', monthRows)).map((c) => ({ ...c, kind: 'customers_month' as const })),
    ];
    // a customer's first visit of a day (or month) adds one distinct customer to it, the last one gone takes it away
    if (distinct.length > 0) await this.applyContribution(m, { cells: distinct.map((c) => ({ ...c, key: '', amount: 0 })), visits: [] });
    const customers = [...new Map(visits.map((v) => [`${v.store_id}|${v.customer_id}`, v])).values()];
    const stores = customers.map((c) => c.store_id);
    const ids = customers.map((c) => c.customer_id);
    await m.query(
      `DELETE FROM customer_span s USING unnest($1::uuid[], $2::uuid[]) AS t(store_id, customer_id)
                    WHERE s.store_id = t.store_id AND s.customer_id = t.customer_id`,
      [stores, ids],
    );
    await m.query(
      `INSERT INTO customer_span (store_id, customer_id, orga_id, first_day, last_day)
       SELECT v.store_id, v.customer_id, (array_agg(v.orga_id))[1], min(v.day), max(v.day)
         FROM customer_visit_day v JOIN unnest($1::uuid[], $2::uuid[]) AS t(store_id, customer_id)
           ON v.store_id = t.store_id AND v.customer_id = t.customer_id
        GROUP BY v.store_id, v.customer_id`,
      [stores, ids],
    );
  }

  /** Adds visits to customers' rows; answers +1 for each row it created and −1 for each it removed (by store and day or month). */
  private async addVisits(
    m: EntityManager,
    table: 'customer_visit_day' | 'customer_visit_month',
    column: 'day' | 'month',
    rows: { store_id: string; at: string; customer_id: string; orga_id: string; visits: number }[],
  ): Promise<{ orga_id: string; store_id: string; day: string; count: number }[]> {
    if (rows.length === 0) return [];
    const params = [
      rows.map((r) => r.store_id),
      rows.map((r) => r.at),
      rows.map((r) => r.customer_id),
      rows.map((r) => r.orga_id),
      rows.map((r) => r.visits),
    ];
    const created: { orga_id: string; store_id: string; day: string; created: boolean }[] = await m.query(
      `INSERT INTO ${table} (store_id, ${column}, customer_id, orga_id, visits)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::uuid[], $5::int[])
       ON CONFLICT (store_id, ${column}, customer_id) DO UPDATE SET visits = ${table}.visits + EXCLUDED.visits
       RETURNING orga_id, store_id, to_char(${column}, 'YYYY-MM-DD') AS day, (xmax = 0) AS created`,
      params,
    );
    const removedRaw: unknown[] = await m.query(
      `DELETE FROM ${table} x USING unnest($1::uuid[], $2::date[], $3::uuid[]) AS t(store_id, at, customer_id)
        WHERE x.store_id = t.store_id AND x.${column} = t.at AND x.customer_id = t.customer_id AND x.visits <= 0
        RETURNING x.orga_id, x.store_id, to_char(x.${column}, 'YYYY-MM-DD') AS day`,
      params.slice(0, 3),
    );
    // TypeORM answers a DELETE … RETURNING as [rows, count]
    const removed = (Array.isArray(removedRaw[0]) ? removedRaw[0] : removedRaw) as { orga_id: string; store_id: string; day: string }[];
    return [...created.filter((row) => row.created).map((row) => ({ ...row, count: 1 })), ...removed.map((row) => ({ ...row, count: -1 }))];
  }
}
