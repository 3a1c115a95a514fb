import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentUpdatedEvent,
  type Appointment,
  type AppointmentList,
  type RecurringInput,
  type RecurringScope,
} from '@pawline/contracts';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  isRealDate,
  isValidTimeZone,
  MONEY_CENTS_MAX,
  parseLocalDate,
  type LocalDate,
} from '@pawline/domain';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { centsOf, instantsOf, toAppointment, type AppointmentRow } from './appointment-rows';
import { AppointmentCapacity, Refused, type CapacityWrite } from './appointment-capacity';
import { AppointmentQueries } from './appointment-queries';
import { AppointmentStore, type AppointmentFields, type AppointmentWrite } from './appointment-store';
import { imageOf, recordChange, type ChangeKind } from './change-log';
import { occurrences } from './recurrence';
import { closeGroupAfterDelete, splitIfFollowing } from './recurring-groups';

/** What a change does to one row of its scope; the day shift moves the others of a group alike. */
type RowPatch = (row: AppointmentRow, dayShift: number) => Partial<AppointmentRow>;
type Changed = { appointment: Appointment; affected_ids: string[]; change_id: string };

export function realDate(text: string, field: string): LocalDate {
  const date = parseLocalDate(text);
  if (!isRealDate(date)) throw new RpcError('validation_failed', { fields: { [field]: 'Invalid date' } });
  return date;
}

export function timeZoneOf(scope: StoreScope): string {
  if (!isValidTimeZone(scope.timeZone)) throw new RpcError('internal');
  return scope.timeZone;
}

/** A row as the capacity rule sees it. */
export const capacityWrite = (
  row: Pick<AppointmentWrite, 'local_date' | 'starts_at' | 'ends_at' | 'user_id'>,
  petIds: readonly string[],
) => ({
  date: row.local_date,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  userId: row.user_id,
  petIds,
});

/**
 * R3.07 R4.11 the changes staff make to a store's appointments in time: booking, recurring groups, changes by
 * scope and deletion. Each runs under the capacity rule (ADR 0044) and keeps what it changed for undoing (ADR 0043).
 */
@Injectable()
export class AppointmentCommands {
  constructor(
    private readonly db: DataSource,
    private readonly store: AppointmentStore,
    private readonly queries: AppointmentQueries,
    private readonly capacity: AppointmentCapacity,
  ) {}

  /**
   * Books an appointment or, with recurring data, a group whose first member is the main one (R3.07); every
   * member must be free by the capacity rule unless `allowConflict`.
   */
  async create(
    scope: StoreScope,
    fields: AppointmentFields,
    recurring: RecurringInput | null,
    allowConflict = false,
  ): Promise<AppointmentList | Refused> {
    const timeZone = timeZoneOf(scope);
    const start = realDate(fields.date, 'appointment.date');
    const end = recurring?.end ? realDate(recurring.end, 'recurring.end') : null;
    if (end && daysBetween(start, end) < 0)
      throw new RpcError('validation_failed', { fields: { 'recurring.end': 'The end is before the start' } });
    const dates = recurring ? occurrences(start, { unit: recurring.unit, every: recurring.every, count: recurring.count, end }) : [start];
    const groupId = recurring ? randomUUID() : null;
    return this.capacity.transaction(scope, fields.pet_ids, async (manager) => {
      const treatments = await this.store.treatments(manager, scope.orgaId, fields.treatment_ids);
      // without a price the treatments' default prices add up to the estimate
      const price =
        fields.price !== undefined ? centsOf(fields.price, 'price') : [...treatments.values()].reduce((sum, t) => sum + t.price, 0);
      // each price is at most MONEY_CENTS_MAX, but 22 of them overflow the integer column (issue 11)
      if (price > MONEY_CENTS_MAX)
        throw new RpcError('validation_failed', { fields: { price: `The treatments add up to more than ${MONEY_CENTS_MAX / 100}` } });
      const time = {
        hour: fields.full_day ? 0 : fields.hour,
        min: fields.full_day ? 0 : fields.min,
        sec: fields.full_day ? 0 : fields.sec,
      };
      const rows: AppointmentWrite[] = dates.map((date, index) => {
        const { startsAt, endsAt } = instantsOf(date, time, fields.duration, fields.full_day, timeZone);
        return {
          id: randomUUID(),
          orga_id: scope.orgaId,
          store_id: scope.storeId,
          user_id: fields.user_id ?? null,
          local_date: formatLocalDate(date),
          ...time,
          time_zone: timeZone,
          starts_at: startsAt,
          ends_at: endsAt,
          duration: fields.duration,
          color: fields.color ?? null,
          timed: fields.timed,
          full_day: fields.full_day,
          app_name: fields.app_name ?? null,
          notes: fields.notes ?? null,
          discount: fields.discount !== undefined ? centsOf(fields.discount, 'discount') : 0,
          price,
          recurring_unit: recurring?.unit ?? null,
          recurring_every: recurring?.every ?? null,
          recurring_count: recurring?.count ?? null,
          recurring_end: recurring?.end ?? null,
          recurring_group_id: groupId,
          recurring_group_main: groupId !== null && index === 0,
        };
      });
      const petIds = [...new Set(fields.pet_ids)];
      await this.capacity.refuse(
        manager,
        scope,
        rows.map((row) => capacityWrite(row, petIds)),
        [],
        allowConflict,
      );
      await this.store.insert(manager, rows);
      const ids = rows.map((row) => row.id);
      await this.store.writeRelations(manager, ids, fields, scope.orgaId);
      const written = await this.store.rowsById(manager, ids);
      const main = written[0];
      if (!main) throw new RpcError('internal');
      await this.store.publish(manager, appointmentCreatedEvent, main, ids, scope.meta, {}, fields.pet_ids);
      return this.queries.withRelations(written, manager);
    });
  }

  /**
   * Applies a patch to every row of the scope, recomputing the instants from the local time. Rows whose time,
   * groomer or pets change must be free by the capacity rule unless `allowConflict`.
   */
  private async change(
    kind: ChangeKind,
    scope: StoreScope,
    appointmentId: string,
    recurringScope: RecurringScope,
    newDate: LocalDate | null,
    patch: RowPatch,
    relations: Pick<AppointmentFields, 'treatment_ids' | 'pet_ids'> | null,
    allowConflict: boolean,
  ): Promise<Changed | Refused> {
    const timeZone = timeZoneOf(scope);
    return this.capacity.transaction(scope, relations?.pet_ids ?? [], async (manager) => {
      const target = await this.store.row(manager, scope, appointmentId, true);
      const rows = await this.store.rowsInScope(manager, scope, target, recurringScope);
      const ids = rows.map((row) => row.id);
      const before = await imageOf(manager, rows);
      const dayShift = newDate ? daysBetween(parseLocalDate(target.local_date), newDate) : 0;
      const next = rows.map((row): AppointmentWrite => {
        const changed: AppointmentRow = { ...row, ...patch(row, dayShift) };
        changed.local_date = formatLocalDate(addDays(parseLocalDate(row.local_date), dayShift));
        // the local time is what was booked; the instant follows in the store's zone (DST-safe)
        const { startsAt, endsAt } = instantsOf(parseLocalDate(changed.local_date), changed, changed.duration, changed.full_day, timeZone);
        return { ...changed, time_zone: timeZone, starts_at: startsAt, ends_at: endsAt };
      });
      const petsOf = (id: string) => before.pets.filter((pet) => pet.appointment_id === id).map((pet) => pet.pet_id);
      const writes = next.flatMap((row, index): CapacityWrite[] => {
        const was = rows[index];
        const pets = relations ? [...new Set(relations.pet_ids)] : petsOf(row.id);
        const moved =
          !was ||
          new Date(was.starts_at).getTime() !== row.starts_at.getTime() ||
          new Date(was.ends_at).getTime() !== row.ends_at.getTime() ||
          was.user_id !== row.user_id ||
          pets.some((pet) => !petsOf(row.id).includes(pet));
        return moved ? [capacityWrite(row, pets)] : [];
      });
      await this.capacity.refuse(manager, scope, writes, ids, allowConflict);
      await splitIfFollowing(manager, target, rows, recurringScope);
      for (const row of next) await this.store.update(manager, row);
      if (relations) await this.store.writeRelations(manager, ids, relations, scope.orgaId);
      const after = await imageOf(manager, await this.store.rowsById(manager, ids));
      const changeId = await recordChange(manager, scope, kind, appointmentId, before, after);
      const updated = await this.store.row(manager, scope, appointmentId);
      await this.store.publish(manager, appointmentUpdatedEvent, updated, ids, scope.meta);
      return { appointment: toAppointment(updated), affected_ids: ids, change_id: changeId };
    });
  }

  async update(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope, fields: AppointmentFields, allowConflict = false) {
    const date = realDate(fields.date, 'appointment.date');
    return this.change(
      'update',
      scope,
      appointmentId,
      recurringScope,
      date,
      (row) => ({
        user_id: fields.user_id === undefined ? row.user_id : fields.user_id,
        hour: fields.full_day ? 0 : fields.hour,
        min: fields.full_day ? 0 : fields.min,
        sec: fields.full_day ? 0 : fields.sec,
        duration: fields.duration,
        color: fields.color === undefined ? row.color : fields.color,
        timed: fields.timed,
        full_day: fields.full_day,
        app_name: fields.app_name === undefined ? row.app_name : fields.app_name,
        notes: fields.notes === undefined ? row.notes : fields.notes,
        discount: fields.discount === undefined ? row.discount : centsOf(fields.discount, 'discount'),
        price: fields.price === undefined ? row.price : centsOf(fields.price, 'price'),
      }),
      fields,
      allowConflict,
    );
  }

  async move(
    scope: StoreScope,
    appointmentId: string,
    recurringScope: RecurringScope,
    to: { date: string; hour: number; min: number; user_id?: string | null | undefined },
    allowConflict = false,
  ) {
    const date = realDate(to.date, 'date');
    return this.change(
      'move',
      scope,
      appointmentId,
      recurringScope,
      date,
      (row) => ({ hour: to.hour, min: to.min, sec: 0, user_id: to.user_id === undefined ? row.user_id : to.user_id }),
      null,
      allowConflict,
    );
  }

  async resize(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope, duration: number, allowConflict = false) {
    return this.change('resize', scope, appointmentId, recurringScope, null, () => ({ duration }), null, allowConflict);
  }

  /**
   * Deletes one, this and the following, or all of a group; a group that loses its main member gets the earliest
   * left. The rows stay in the change for UNDO_WINDOW_MINUTES, from which undo books them again (ADR 0043).
   */
  async delete(
    scope: StoreScope,
    appointmentId: string,
    recurringScope: RecurringScope,
  ): Promise<{ deleted_ids: string[]; change_id: string }> {
    return this.db.transaction(async (manager) => {
      const target = await this.store.row(manager, scope, appointmentId, true);
      const rows = await this.store.rowsInScope(manager, scope, target, recurringScope);
      const ids = rows.map((row) => row.id);
      const before = await imageOf(manager, rows);
      await manager.query(`DELETE FROM appointment WHERE id = ANY($1::uuid[])`, [ids]);
      await closeGroupAfterDelete(manager, target, recurringScope);
      const after = await imageOf(manager, []);
      const changeId = await recordChange(manager, scope, 'delete', appointmentId, before, after);
      await this.store.publish(
        manager,
        appointmentDeletedEvent,
        target,
        ids,
        scope.meta,
        {},
        [...new Set(before.pets.map((pet) => pet.pet_id))].sort(),
      );
      return { deleted_ids: ids, change_id: changeId };
    });
  }
}
