import type { AppointmentEventSnapshot, CustomerEventSnapshot } from '@pawline/contracts';
import { cityKey } from '@pawline/domain';
import type { EntityManager } from 'typeorm';
import { lockOrga } from '../purge/orga-tombstone';

/**
 * The audience's read model, written by the event handlers in the consumer's transaction. Every write is
 * idempotent (upserts on the source's version, tombstones for deleted appointments), so repeated,
 * redelivered or replayed events leave it as the newest event says. The handlers call them only for an
 * organization that is not tombstoned, holding its lock (orgaWritable): a purged organization stays purged.
 */
export const AudienceProjection = {
  /**
   * Visits join two consumers' rows (appointments and pets' owners). Their transactions take the organization's
   * lock first, so each sees what the other committed: a pet moved to a new owner while its appointment changes
   * never leaves the old owner's visit beside the new one, nor a new pet and a new appointment without their visit.
   */
  async lockVisits(m: EntityManager, orgaId: string) {
    await lockOrga(m, orgaId);
  },

  async customer(m: EntityManager, ids: { orgaId: string; storeId: string; customerId: string }, snapshot: CustomerEventSnapshot) {
    await m.query(
      `INSERT INTO audience_customer (id, orga_id, store_id, first_name, last_name, city_key, consent_marketing, tag_ids, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9)
       ON CONFLICT (id) DO UPDATE SET store_id = EXCLUDED.store_id, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         city_key = EXCLUDED.city_key, consent_marketing = EXCLUDED.consent_marketing,
         -- an event written before crm carried the tags keeps the tags known
         tag_ids = CASE WHEN $10 THEN EXCLUDED.tag_ids ELSE audience_customer.tag_ids END, version = EXCLUDED.version
       WHERE audience_customer.version <= EXCLUDED.version`,
      [
        ids.customerId,
        ids.orgaId,
        ids.storeId,
        snapshot.first_name.slice(0, 200),
        snapshot.last_name.slice(0, 200),
        cityKey(snapshot.city).slice(0, 200),
        snapshot.consent_marketing,
        snapshot.tag_ids ?? [],
        snapshot.version,
        snapshot.tag_ids !== undefined,
      ],
    );
  },

  async customerDeleted(m: EntityManager, orgaId: string, customerId: string) {
    await this.lockVisits(m, orgaId);
    await m.query(`DELETE FROM audience_customer WHERE id = $1`, [customerId]);
    await m.query(`DELETE FROM audience_visit WHERE customer_id = $1`, [customerId]);
  },

  async tagDeleted(m: EntityManager, orgaId: string, tagId: string) {
    await m.query(`UPDATE audience_customer SET tag_ids = array_remove(tag_ids, $2::uuid) WHERE orga_id = $1 AND $2::uuid = ANY(tag_ids)`, [
      orgaId,
      tagId,
    ]);
  },

  /** A pet and its owner: the visits of the appointments that name it follow the owner. */
  async pet(m: EntityManager, orgaId: string, petId: string, customerId: string) {
    await this.lockVisits(m, orgaId);
    await m.query(
      `INSERT INTO audience_pet (id, orga_id, customer_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET customer_id = EXCLUDED.customer_id`,
      [petId, orgaId, customerId],
    );
    const rows = await m.query<{ id: string }[]>(`SELECT id FROM audience_appointment WHERE pet_ids @> ARRAY[$1::uuid]`, [petId]);
    await this.rebuildVisits(
      m,
      rows.map((row) => row.id),
    );
  },

  async petDeleted(m: EntityManager, petId: string) {
    await m.query(`DELETE FROM audience_pet WHERE id = $1`, [petId]);
  },

  async appointments(m: EntityManager, orgaId: string, snapshots: readonly AppointmentEventSnapshot[]) {
    await this.lockVisits(m, orgaId);
    const changed: string[] = [];
    for (const snapshot of snapshots) {
      const rows = await m.query<{ id: string }[]>(
        `INSERT INTO audience_appointment (id, orga_id, starts_at, status, pet_ids, version)
         VALUES ($1, $2, $3, $4, $5::uuid[], $6)
         ON CONFLICT (id) DO UPDATE SET starts_at = EXCLUDED.starts_at, status = EXCLUDED.status, pet_ids = EXCLUDED.pet_ids,
           version = EXCLUDED.version
         WHERE audience_appointment.version <= EXCLUDED.version AND NOT audience_appointment.deleted
         RETURNING id`,
        [snapshot.id, orgaId, snapshot.starts_at, snapshot.status, snapshot.pet_ids, snapshot.version],
      );
      if (rows.length > 0) changed.push(snapshot.id);
    }
    await this.rebuildVisits(m, changed);
  },

  async appointmentsDeleted(m: EntityManager, orgaId: string, appointmentIds: readonly string[]) {
    if (appointmentIds.length === 0) return;
    await this.lockVisits(m, orgaId);
    await m.query(
      `INSERT INTO audience_appointment (id, orga_id, starts_at, status, pet_ids, version, deleted)
       SELECT id, $1, now(), 0, '{}', '', true FROM unnest($2::uuid[]) AS id
       ON CONFLICT (id) DO UPDATE SET deleted = true`,
      [orgaId, appointmentIds],
    );
    await m.query(`DELETE FROM audience_visit WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
  },

  /** The visits of these appointments: one per owner of their pets (a customer with two pets in it: one visit). */
  async rebuildVisits(m: EntityManager, appointmentIds: readonly string[]) {
    if (appointmentIds.length === 0) return;
    await m.query(`DELETE FROM audience_visit WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
    await m.query(
      `INSERT INTO audience_visit (appointment_id, customer_id, orga_id, starts_at, status)
       SELECT DISTINCT a.id, p.customer_id, a.orga_id, a.starts_at, a.status
         FROM audience_appointment a JOIN audience_pet p ON p.id = ANY(a.pet_ids)
        WHERE a.id = ANY($1::uuid[]) AND NOT a.deleted`,
      [appointmentIds],
    );
  },
};
