import type { AppointmentEventSnapshot, EventPayload, OrgaUserDetail, treatmentCreatedEvent } from '@pawline/contracts';
import { holdsTime, type HeldTime } from '@pawline/domain';
import type { EntityManager } from 'typeorm';
import { newPublicId } from '../setup/public-id';

type TreatmentEventSnapshot = EventPayload<typeof treatmentCreatedEvent>['treatment'];
/**
 * Busy time and request holds of a store change one at a time: the projection, an accept's last step and every
 * hold take it alone. A hold then reads the busy time and the other holds as committed (capacity, ADR 0044): the
 * pool makes two groomers' holds depend on each other, so they cannot race on the exclusion constraint alone.
 */
export const lockStoreHolds = (manager: Pick<EntityManager, 'query'>, storeId: string) =>
  manager.query(`SELECT pg_advisory_xact_lock(hashtext('booking-holds:' || $1))`, [storeId]);

type Ids = { orgaId: string; storeId: string };

/** What an appointment held (null: nothing, deleted or declined or missed), before and after one event. */
export type HeldChange = { appointmentId: string; before: HeldTime; after: HeldTime };
type HeldRow = {
  appointment_id: string;
  user_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  status: number;
  deleted: boolean;
};

const heldOf = (row: HeldRow | undefined): HeldTime =>
  !row || row.deleted || !holdsTime(row.status) || !row.starts_at || !row.ends_at
    ? null
    : { startsAt: new Date(row.starts_at).getTime(), endsAt: new Date(row.ends_at).getTime(), userId: row.user_id };

/** The busy rows of these appointments as they are now (in the projection's transaction, under the store's lock). */
async function heldRows(manager: EntityManager, orgaId: string, ids: string[]): Promise<Map<string, HeldRow>> {
  const rows = await manager.query<HeldRow[]>(
    `SELECT appointment_id, user_id, lower(during) AS starts_at, upper(during) AS ends_at, status, deleted FROM booking_busy
      WHERE orga_id = $1 AND appointment_id = ANY($2::uuid[])`,
    [orgaId, ids],
  );
  return new Map(rows.map((row) => [row.appointment_id, row]));
}

const changesOf = (ids: string[], before: Map<string, HeldRow>, after: Map<string, HeldRow>): HeldChange[] =>
  ids.map((appointmentId) => ({ appointmentId, before: heldOf(before.get(appointmentId)), after: heldOf(after.get(appointmentId)) }));

/**
 * The projections' writes, one per event. Every upsert keeps the newer version only and never revives a
 * tombstone, so events that repeat, overtake each other or arrive after a deletion change nothing wrong.
 */
export const BookingDirectory = {
  /** identity's stores (version: the event's time); the setup columns keep their values, a new row gets its public id */
  async store(manager: EntityManager, ids: Ids, store: { name: string; time_zone: string }, version: string): Promise<void> {
    await manager.query(
      `INSERT INTO booking_store (store_id, orga_id, name, time_zone, version, public_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (store_id) DO UPDATE SET orga_id = EXCLUDED.orga_id, name = EXCLUDED.name, time_zone = EXCLUDED.time_zone,
         version = EXCLUDED.version
       WHERE NOT booking_store.deleted AND booking_store.version < EXCLUDED.version`,
      [ids.storeId, ids.orgaId, store.name.slice(0, 200), store.time_zone, version, newPublicId()],
    );
  },

  /** A deleted store stops taking bookings at once: enabled off, a tombstone the widget never finds. */
  async storeDeleted(manager: EntityManager, ids: Ids): Promise<void> {
    await manager.query(
      `INSERT INTO booking_store (store_id, orga_id, deleted, enabled, version, public_id) VALUES ($1, $2, true, false, 'infinity', $3)
       ON CONFLICT (store_id) DO UPDATE SET deleted = true, enabled = false, version = 'infinity'`,
      [ids.storeId, ids.orgaId, newPublicId()],
    );
  },

  /** A member as identity has them now (asked after member.changed): the answer is the state, not a change. */
  async member(manager: EntityManager, orgaId: string, userId: string, detail: OrgaUserDetail | null): Promise<void> {
    if (!detail) {
      await manager.query(`DELETE FROM booking_staff WHERE orga_id = $1 AND user_id = $2`, [orgaId, userId]);
      return;
    }
    await manager.query(
      `INSERT INTO booking_staff (orga_id, user_id, first_name, active) VALUES ($1, $2, $3, $4)
       ON CONFLICT (orga_id, user_id) DO UPDATE SET first_name = EXCLUDED.first_name, active = EXCLUDED.active`,
      [orgaId, userId, detail.first_name.slice(0, 100), detail.active],
    );
  },

  async treatment(manager: EntityManager, orgaId: string, treatment: TreatmentEventSnapshot, version: string): Promise<void> {
    await manager.query(
      `INSERT INTO booking_treatment (treatment_id, orga_id, name, archive, default_duration, color, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (treatment_id) DO UPDATE SET name = EXCLUDED.name, archive = EXCLUDED.archive,
         default_duration = EXCLUDED.default_duration, color = EXCLUDED.color, version = EXCLUDED.version
       WHERE booking_treatment.orga_id = EXCLUDED.orga_id AND booking_treatment.version < EXCLUDED.version`,
      [treatment.id, orgaId, treatment.name.slice(0, 200), treatment.archive, treatment.default_duration, treatment.color, version],
    );
  },

  /**
   * Appointments as busy time. A snapshot without ends_at (written before scheduling carried it) keeps what the
   * row had. The requests an acceptance turned into these appointments release their hold in the same transaction.
   */
  async appointments(manager: EntityManager, ids: Ids, snapshots: AppointmentEventSnapshot[]): Promise<HeldChange[]> {
    if (snapshots.length === 0) return [];
    await lockStoreHolds(manager, ids.storeId);
    const appointmentIds = snapshots.map((s) => s.id);
    const before = await heldRows(manager, ids.orgaId, appointmentIds);
    const rows = snapshots.map((s) => ({
      id: s.id,
      user_id: s.user_id ?? null,
      starts_at: s.starts_at,
      ends_at: s.ends_at ?? null,
      status: s.status,
      pet_ids: s.pet_ids,
      version: s.version,
    }));
    await manager.query(
      `INSERT INTO booking_busy (appointment_id, orga_id, store_id, user_id, during, status, pet_ids, version)
       SELECT x.id, $2, $3, x.user_id, CASE WHEN x.ends_at IS NULL THEN NULL ELSE tstzrange(x.starts_at, greatest(x.starts_at, x.ends_at), '[)') END,
              x.status, x.pet_ids, x.version
         FROM jsonb_to_recordset($1::jsonb)
           AS x(id uuid, user_id uuid, starts_at timestamptz, ends_at timestamptz, status int, pet_ids uuid[], version timestamptz)
       ON CONFLICT (appointment_id) DO UPDATE SET store_id = EXCLUDED.store_id,
         user_id = EXCLUDED.user_id, pet_ids = EXCLUDED.pet_ids,
         during = coalesce(EXCLUDED.during, booking_busy.during), status = EXCLUDED.status, version = EXCLUDED.version
       WHERE NOT booking_busy.deleted AND booking_busy.orga_id = EXCLUDED.orga_id AND booking_busy.version < EXCLUDED.version`,
      [JSON.stringify(rows), ids.orgaId, ids.storeId],
    );
    await manager.query(
      `UPDATE booking_slot SET released = true WHERE orga_id = $1 AND appointment_id = ANY($2::uuid[]) AND NOT released`,
      [ids.orgaId, snapshots.map((s) => s.id)],
    );
    // issue 30 the time these changes gave back, for the waitlist (ADR 0063)
    return changesOf(appointmentIds, before, await heldRows(manager, ids.orgaId, appointmentIds));
  },

  async appointmentsDeleted(manager: EntityManager, ids: Ids, appointmentIds: string[]): Promise<HeldChange[]> {
    await lockStoreHolds(manager, ids.storeId);
    const before = await heldRows(manager, ids.orgaId, appointmentIds);
    await manager.query(
      `INSERT INTO booking_busy (appointment_id, orga_id, store_id, deleted, version) SELECT a, $2, $3, true, 'infinity' FROM unnest($1::uuid[]) a
       ON CONFLICT (appointment_id) DO UPDATE SET deleted = true, during = NULL, version = 'infinity' WHERE booking_busy.orga_id = EXCLUDED.orga_id`,
      [appointmentIds, ids.orgaId, ids.storeId],
    );
    // an appointment deleted before its event arrived releases its request's hold all the same
    await manager.query(
      `UPDATE booking_slot SET released = true WHERE orga_id = $1 AND appointment_id = ANY($2::uuid[]) AND NOT released`,
      [ids.orgaId, appointmentIds],
    );
    return changesOf(appointmentIds, before, new Map());
  },
};
