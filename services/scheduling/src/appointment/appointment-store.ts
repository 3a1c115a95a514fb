import { Injectable } from '@nestjs/common';
import {
  appointmentDeletedEvent,
  type AppointmentEventSnapshot,
  type EventContract,
  type RecurringScope,
  type appointmentEventPayloadSchema,
  type appointmentFieldsSchema,
} from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { type OutboxMeta, OutboxService, RpcError, type StoreScope } from '@pawline/nest-kit';
import { APPOINTMENT_COLUMNS, type AppointmentRow } from './appointment-rows';

export type AppointmentFields = z.output<typeof appointmentFieldsSchema>;
type EventPayloadBase = z.infer<typeof appointmentEventPayloadSchema>;
type Relations = Pick<AppointmentFields, 'treatment_ids' | 'pet_ids'>;

/** An appointment row as it is written: every column a command sets, the instants computed from the local time. */
export type AppointmentWrite = Omit<
  AppointmentRow,
  | 'starts_at'
  | 'ends_at'
  | 'updated_at'
  | 'final_price'
  | 'total'
  | 'checked_out'
  | 'cashed_in'
  | 'status'
  | 'reminder_status'
  | 'discount_percent'
> & { starts_at: Date; ends_at: Date };

/**
 * The rows of appointments and what goes with them: their treatments and pets, and the event of each change
 * through the outbox in the writing transaction (R4.17). Every method takes the transaction's manager.
 */
@Injectable()
export class AppointmentStore {
  constructor(private readonly outbox: OutboxService) {}

  async row(
    manager: EntityManager,
    scope: Pick<StoreScope, 'orgaId' | 'storeId'>,
    appointmentId: string,
    lock = false,
  ): Promise<AppointmentRow> {
    const rows: AppointmentRow[] = await manager.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = $1 AND store_id = $2 AND orga_id = $3${lock ? ' FOR UPDATE' : ''}`,
      [appointmentId, scope.storeId, scope.orgaId],
    );
    if (!rows[0]) throw new RpcError('not_found');
    return rows[0];
  }

  async rowsById(manager: EntityManager, ids: readonly string[]): Promise<AppointmentRow[]> {
    return manager.query<AppointmentRow[]>(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = ANY($1::uuid[]) ORDER BY local_date, id`,
      [ids],
    );
  }

  /** The rows a change of `recurringScope` touches, starting with the one asked for (locked). */
  async rowsInScope(
    manager: EntityManager,
    scope: StoreScope,
    target: AppointmentRow,
    recurringScope: RecurringScope,
  ): Promise<AppointmentRow[]> {
    if (recurringScope === 'one' || target.recurring_group_id === null) return [target];
    const rows: AppointmentRow[] = await manager.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE recurring_group_id = $1 AND store_id = $2 AND orga_id = $3
         AND ($4::date IS NULL OR local_date >= $4) ORDER BY local_date, id FOR UPDATE`,
      [target.recurring_group_id, scope.storeId, scope.orgaId, recurringScope === 'following' ? target.local_date : null],
    );
    return [target, ...rows.filter((row) => row.id !== target.id)];
  }

  /** The treatments' names (kept as booked) and default prices; an id of no treatment of the organization is refused. */
  async treatments(manager: EntityManager, orgaId: string, ids: readonly string[]): Promise<Map<string, { name: string; price: number }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: { id: string; name: string; default_price: number }[] = await manager.query(
      `SELECT id, name, default_price FROM treatment WHERE orga_id = $1 AND id = ANY($2::uuid[])`,
      [orgaId, unique],
    );
    if (rows.length !== unique.length) throw new RpcError('validation_failed', { fields: { treatment_ids: 'Unknown treatment' } });
    return new Map(rows.map((row) => [row.id, { name: row.name, price: row.default_price }]));
  }

  async insert(manager: EntityManager, rows: readonly AppointmentWrite[]): Promise<void> {
    for (const row of rows) {
      await manager.query(
        `INSERT INTO appointment (id, orga_id, store_id, user_id, local_date, hour, min, sec, time_zone, starts_at, ends_at, duration, color, timed, full_day,
           app_name, notes, discount, price, recurring_unit, recurring_every, recurring_count, recurring_end, recurring_group_id, recurring_group_main)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
        [
          row.id,
          row.orga_id,
          row.store_id,
          row.user_id,
          row.local_date,
          row.hour,
          row.min,
          row.sec,
          row.time_zone,
          row.starts_at,
          row.ends_at,
          row.duration,
          row.color,
          row.timed,
          row.full_day,
          row.app_name,
          row.notes,
          row.discount,
          row.price,
          row.recurring_unit,
          row.recurring_every,
          row.recurring_count,
          row.recurring_end,
          row.recurring_group_id,
          row.recurring_group_main,
        ],
      );
    }
  }

  /** Writes what a change may touch of one row (time, staff, length, the card's fields, money) with its instants. */
  async update(manager: EntityManager, row: AppointmentWrite): Promise<void> {
    await manager.query(
      `UPDATE appointment SET user_id = $2, local_date = $3, hour = $4, min = $5, sec = $6, time_zone = $7, starts_at = $8, ends_at = $9, duration = $10,
         color = $11, timed = $12, full_day = $13, app_name = $14, notes = $15, discount = $16, price = $17, updated_at = now() WHERE id = $1`,
      [
        row.id,
        row.user_id,
        row.local_date,
        row.hour,
        row.min,
        row.sec,
        row.time_zone,
        row.starts_at,
        row.ends_at,
        row.duration,
        row.color,
        row.timed,
        row.full_day,
        row.app_name,
        row.notes,
        row.discount,
        row.price,
      ],
    );
    await manager.query(`UPDATE appointment_pet SET starts_at = $2 WHERE appointment_id = $1`, [row.id, row.starts_at]);
  }

  /** Replaces the treatments (with their names as booked now) and pets of the appointments. */
  async writeRelations(manager: EntityManager, appointmentIds: string[], fields: Relations, orgaId: string): Promise<void> {
    const treatments = await this.treatments(manager, orgaId, fields.treatment_ids);
    await manager.query(`DELETE FROM appointment_treatment WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
    await manager.query(`DELETE FROM appointment_pet WHERE appointment_id = ANY($1::uuid[])`, [appointmentIds]);
    const treatmentIds = [...treatments.keys()];
    await this.insertTreatments(
      manager,
      appointmentIds.flatMap((id) =>
        treatmentIds.map((treatmentId) => ({
          appointment_id: id,
          treatment_id: treatmentId,
          name: treatments.get(treatmentId)?.name ?? '',
        })),
      ),
    );
    await manager.query(
      `INSERT INTO appointment_pet (appointment_id, pet_id, starts_at)
       SELECT a.id, p, a.starts_at FROM appointment a, unnest($2::uuid[]) p WHERE a.id = ANY($1::uuid[])`,
      [appointmentIds, [...new Set(fields.pet_ids)]],
    );
  }

  /** Treatment rows as they were (a restored appointment keeps the names it was booked with). */
  async insertTreatments(
    manager: EntityManager,
    rows: readonly { appointment_id: string; treatment_id: string; name: string }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO appointment_treatment (appointment_id, treatment_id, name) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[])`,
      [rows.map((row) => row.appointment_id), rows.map((row) => row.treatment_id), rows.map((row) => row.name)],
    );
  }

  /** Pet rows as they were (a restored appointment keeps its pets), each starting with its appointment. */
  async insertPets(manager: EntityManager, rows: readonly { appointment_id: string; pet_id: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO appointment_pet (appointment_id, pet_id, starts_at)
       SELECT x.a, x.p, a.starts_at FROM unnest($1::uuid[], $2::uuid[]) AS x(a, p) JOIN appointment a ON a.id = x.a`,
      [rows.map((row) => row.appointment_id), rows.map((row) => row.pet_id)],
    );
  }

  async petIds(manager: EntityManager, appointmentIds: string[]): Promise<string[]> {
    const rows: { pet_id: string }[] = await manager.query(
      `SELECT DISTINCT pet_id FROM appointment_pet WHERE appointment_id = ANY($1::uuid[]) ORDER BY pet_id`,
      [appointmentIds],
    );
    return rows.map((row) => row.pet_id);
  }

  /** Each appointment's pets. */
  async petIdsOf(manager: EntityManager, appointmentIds: string[]): Promise<Map<string, string[]>> {
    const rows: { appointment_id: string; pet_id: string }[] = await manager.query(
      `SELECT appointment_id, pet_id FROM appointment_pet WHERE appointment_id = ANY($1::uuid[]) ORDER BY pet_id`,
      [appointmentIds],
    );
    const pets = new Map<string, string[]>();
    for (const row of rows) pets.set(row.appointment_id, [...(pets.get(row.appointment_id) ?? []), row.pet_id]);
    return pets;
  }

  payloadOf(row: AppointmentRow, ids: string[], petIds: string[]): EventPayloadBase {
    return {
      orga_id: row.orga_id,
      store_id: row.store_id,
      appointment_id: row.id,
      appointment_ids: ids,
      recurring_group_id: row.recurring_group_id,
      recurring_group_main: row.recurring_group_main,
      pet_ids: petIds,
    };
  }

  /**
   * Each appointment of `ids` as it is now, for the services that keep a copy (messaging's reminders;
   * booking's busy times per groomer, from user_id, starts_at and ends_at). The
   * version is clock_timestamp(), read after this transaction changed (and locked) the rows: a later change
   * waits for our commit and so reads a later clock, whatever the transactions' start times (now()).
   */
  async snapshots(manager: EntityManager, ids: string[]): Promise<AppointmentEventSnapshot[]> {
    if (ids.length === 0) return [];
    return manager.query<AppointmentEventSnapshot[]>(
      `SELECT a.id, a.local_date::text AS date, a.hour, a.min, to_char(a.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS starts_at,
              a.full_day, a.status, a.user_id,
              to_char(a.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ends_at,
              a.duration, a.price, a.discount, a.final_price, a.total, a.checked_out,
              coalesce((SELECT array_agg(t.treatment_id ORDER BY t.treatment_id) FROM appointment_treatment t WHERE t.appointment_id = a.id), '{}')::text[] AS treatment_ids,
              coalesce((SELECT array_agg(p.pet_id ORDER BY p.pet_id) FROM appointment_pet p WHERE p.appointment_id = a.id), '{}')::text[] AS pet_ids,
              to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS version
         FROM appointment a WHERE a.id = ANY($1::uuid[]) ORDER BY a.local_date, a.id`,
      [ids],
    );
  }

  /** R4.17 one event per change, through the outbox in the same transaction; `extra` fields go into its payload. */
  async publish(
    manager: EntityManager,
    event: EventContract,
    row: AppointmentRow,
    ids: string[],
    meta: OutboxMeta,
    extra: Record<string, unknown> = {},
    petIds?: string[],
  ): Promise<void> {
    const gone = event === appointmentDeletedEvent;
    const pets = petIds ?? (await this.petIds(manager, ids));
    await this.outbox.add(
      manager,
      event,
      { ...this.payloadOf(row, ids, pets), ...(gone ? {} : { appointments: await this.snapshots(manager, ids) }), ...extra },
      meta,
    );
  }
}
