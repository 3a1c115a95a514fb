import type {
  AppointmentEventSnapshot,
  CustomerEventSnapshot,
  EventEnvelope,
  EventPayload,
  PetEventSnapshot,
  storeCreatedEvent,
} from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import { customerMobile } from './phone-number';

type StorePayload = EventPayload<typeof storeCreatedEvent>;
type Ids = { orgaId: string; storeId: string };

/**
 * A store's projection and its customers' phones wait for each other: a customer's national number is read with
 * the store's country, and a store that learns its country reads its customers' numbers again. Without this lock
 * the two transactions could each miss the other's uncommitted row and leave the number unread.
 */
const lockStore = (manager: EntityManager, storeId: string) =>
  manager.query(`SELECT pg_advisory_xact_lock(hashtext('dir_store:' || $1))`, [storeId]);

/** month × 100 + day of a 'YYYY-MM-DD' birthday (the birthday reminder's index), null without one */
export function monthDayOf(born: string | null): number | null {
  const match = born ? /^\d{4}-(\d{2})-(\d{2})/.exec(born) : null;
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/**
 * The directory's writes, one per event. Every upsert keeps the newer version only and never revives a
 * tombstone, so events that repeat, overtake each other or arrive after a deletion change nothing wrong.
 */
export const DirectoryProjection = {
  /** identity's stores; the version is the event's time (stores change rarely and one at a time) */
  async store(manager: EntityManager, event: EventEnvelope<StorePayload>): Promise<void> {
    const d = event.data;
    await lockStore(manager, d.store_id);
    const applied = await manager.query<{ store_id: string }[]>(
      `INSERT INTO dir_store (store_id, orga_id, name, time_zone, phone, country, address, version)
       VALUES ($1, $2, $3, $4, $5, upper($6), $10, $7)
       ON CONFLICT (store_id) DO UPDATE SET orga_id = EXCLUDED.orga_id, name = EXCLUDED.name, time_zone = EXCLUDED.time_zone,
         phone = CASE WHEN $8 THEN EXCLUDED.phone ELSE dir_store.phone END,
         country = CASE WHEN $9 THEN EXCLUDED.country ELSE dir_store.country END,
         address = CASE WHEN $11 THEN EXCLUDED.address ELSE dir_store.address END,
         version = EXCLUDED.version
       WHERE NOT dir_store.deleted AND dir_store.version < EXCLUDED.version
       RETURNING store_id`,
      [
        d.store_id,
        d.orga_id,
        d.name,
        d.time_zone,
        d.phone ?? null,
        d.country ?? null,
        event.occurredAt,
        d.phone !== undefined,
        d.country !== undefined,
        d.address ?? null,
        d.address !== undefined,
      ],
    );
    if (applied.length > 0 && d.country) await this.readPhonesAgain(manager, d.store_id, d.country);
  },

  /** Customers without a country of their own read national numbers with their store's country. */
  async readPhonesAgain(manager: EntityManager, storeId: string, country: string): Promise<void> {
    const rows = await manager.query<{ customer_id: string; fon: string | null; fon_2: string | null; phone: string | null }[]>(
      `SELECT customer_id, fon, fon_2, phone FROM dir_customer WHERE store_id = $1 AND country IS NULL AND NOT deleted`,
      [storeId],
    );
    const changed = rows
      .map((row) => ({ id: row.customer_id, before: row.phone, phone: customerMobile([row.fon, row.fon_2], country) }))
      .filter((row) => row.phone !== row.before);
    if (changed.length === 0) return;
    await manager.query(
      `UPDATE dir_customer c SET phone = x.phone FROM unnest($1::uuid[], $2::text[]) AS x(id, phone) WHERE c.customer_id = x.id`,
      [changed.map((row) => row.id), changed.map((row) => row.phone)],
    );
  },

  async storeDeleted(manager: EntityManager, ids: Ids): Promise<void> {
    await manager.query(
      `INSERT INTO dir_store (store_id, orga_id, name, time_zone, deleted, version) VALUES ($1, $2, '', 'UTC', true, 'infinity')
       ON CONFLICT (store_id) DO UPDATE SET deleted = true, version = 'infinity'`,
      [ids.storeId, ids.orgaId],
    );
  },

  async customer(manager: EntityManager, ids: Ids & { customerId: string }, snapshot: CustomerEventSnapshot): Promise<void> {
    await lockStore(manager, ids.storeId);
    const [store] = await manager.query<{ country: string | null }[]>(`SELECT country FROM dir_store WHERE store_id = $1`, [ids.storeId]);
    const phone = customerMobile([snapshot.fon, snapshot.fon_2], snapshot.country ?? store?.country ?? null);
    await manager.query(
      `INSERT INTO dir_customer (customer_id, orga_id, store_id, first_name, last_name, country, fon, fon_2, phone,
         consent_messages, consent_reminders, consent_marketing, version)
       VALUES ($1, $2, $3, $4, $5, upper($6), $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (customer_id) DO UPDATE SET orga_id = EXCLUDED.orga_id, store_id = EXCLUDED.store_id, first_name = EXCLUDED.first_name,
         last_name = EXCLUDED.last_name, country = EXCLUDED.country, fon = EXCLUDED.fon, fon_2 = EXCLUDED.fon_2, phone = EXCLUDED.phone,
         consent_messages = EXCLUDED.consent_messages, consent_reminders = EXCLUDED.consent_reminders,
         consent_marketing = EXCLUDED.consent_marketing, version = EXCLUDED.version
       WHERE NOT dir_customer.deleted AND dir_customer.version < EXCLUDED.version`,
      [
        ids.customerId,
        ids.orgaId,
        ids.storeId,
        snapshot.first_name.slice(0, 100),
        snapshot.last_name.slice(0, 100),
        snapshot.country,
        snapshot.fon,
        snapshot.fon_2,
        phone,
        snapshot.consent_messages,
        snapshot.consent_reminders,
        snapshot.consent_marketing,
        snapshot.version,
      ],
    );
  },

  /** A deleted customer keeps only its ids (a tombstone): no name, number or consent stays here. */
  async customerDeleted(manager: EntityManager, ids: Ids & { customerId: string }): Promise<void> {
    await manager.query(
      `INSERT INTO dir_customer (customer_id, orga_id, store_id, deleted, version) VALUES ($1, $2, $3, true, 'infinity')
       ON CONFLICT (customer_id) DO UPDATE SET deleted = true, version = 'infinity', first_name = '', last_name = '', fon = NULL, fon_2 = NULL,
         phone = NULL, consent_messages = false, consent_reminders = false, consent_marketing = false`,
      [ids.customerId, ids.orgaId, ids.storeId],
    );
  },

  async pet(manager: EntityManager, ids: Ids & { petId: string; customerId: string }, snapshot: PetEventSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO dir_pet (pet_id, orga_id, store_id, customer_id, name, born, born_month_day, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (pet_id) DO UPDATE SET orga_id = EXCLUDED.orga_id, store_id = EXCLUDED.store_id, customer_id = EXCLUDED.customer_id,
         name = EXCLUDED.name, born = EXCLUDED.born, born_month_day = EXCLUDED.born_month_day, version = EXCLUDED.version
       WHERE NOT dir_pet.deleted AND dir_pet.version < EXCLUDED.version`,
      [
        ids.petId,
        ids.orgaId,
        ids.storeId,
        ids.customerId,
        snapshot.name.slice(0, 100),
        snapshot.born,
        monthDayOf(snapshot.born),
        snapshot.version,
      ],
    );
  },

  async petDeleted(manager: EntityManager, ids: Ids & { petId: string; customerId: string }): Promise<void> {
    await manager.query(
      `INSERT INTO dir_pet (pet_id, orga_id, store_id, customer_id, deleted, version) VALUES ($1, $2, $3, $4, true, 'infinity')
       ON CONFLICT (pet_id) DO UPDATE SET deleted = true, version = 'infinity', name = '', born = NULL, born_month_day = NULL`,
      [ids.petId, ids.orgaId, ids.storeId, ids.customerId],
    );
  },

  /** Appointments as a change left them (a recurring scope carries every member it touched); pets follow the row. */
  async appointments(manager: EntityManager, ids: Ids & { groupId: string | null }, snapshots: AppointmentEventSnapshot[]): Promise<void> {
    if (snapshots.length === 0) return;
    const applied = await manager.query<{ appointment_id: string }[]>(
      `INSERT INTO dir_appointment (appointment_id, orga_id, store_id, local_date, hour, min, starts_at, full_day, status, recurring_group_id, version)
       SELECT x.id, $2, $3, x.date, x.hour, x.min, x.starts_at, x.full_day, x.status, $4, x.version
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, date date, hour int, min int, starts_at timestamptz, full_day boolean, status int, version timestamptz)
       ON CONFLICT (appointment_id) DO UPDATE SET orga_id = EXCLUDED.orga_id, store_id = EXCLUDED.store_id, local_date = EXCLUDED.local_date,
         hour = EXCLUDED.hour, min = EXCLUDED.min, starts_at = EXCLUDED.starts_at, full_day = EXCLUDED.full_day, status = EXCLUDED.status,
         recurring_group_id = EXCLUDED.recurring_group_id, version = EXCLUDED.version
       WHERE NOT dir_appointment.deleted AND dir_appointment.version < EXCLUDED.version
       RETURNING appointment_id`,
      [JSON.stringify(snapshots), ids.orgaId, ids.storeId, ids.groupId],
    );
    const fresh = new Set(applied.map((row) => row.appointment_id));
    const kept = snapshots.filter((snapshot) => fresh.has(snapshot.id));
    if (kept.length === 0) return;
    await manager.query(`DELETE FROM dir_appointment_pet WHERE appointment_id = ANY($1::uuid[])`, [kept.map((s) => s.id)]);
    const pairs = kept.flatMap((snapshot) => snapshot.pet_ids.map((petId) => [snapshot.id, petId] as const));
    await manager.query(
      `INSERT INTO dir_appointment_pet (appointment_id, pet_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING`,
      [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
    );
  },

  async appointmentsDeleted(manager: EntityManager, ids: Ids, appointmentIds: string[]): Promise<void> {
    await manager.query(
      `INSERT INTO dir_appointment (appointment_id, orga_id, store_id, deleted, version) SELECT a, $2, $3, true, 'infinity' FROM unnest($1::uuid[]) a
       ON CONFLICT (appointment_id) DO UPDATE SET deleted = true, version = 'infinity'`,
      [appointmentIds, ids.orgaId, ids.storeId],
    );
    await manager.query(`DELETE FROM dir_appointment_pet WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
  },

  /** R1.17 a cancelled organization leaves nothing here. */
  async purgeOrga(manager: EntityManager, orgaId: string): Promise<void> {
    await manager.query(
      `DELETE FROM dir_appointment_pet WHERE appointment_id IN (SELECT appointment_id FROM dir_appointment WHERE orga_id = $1)`,
      [orgaId],
    );
    for (const table of ['dir_appointment', 'dir_pet', 'dir_customer', 'dir_store', 'reminder_run'])
      await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [orgaId]);
  },
};
