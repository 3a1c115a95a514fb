import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  appointmentNotesEvent,
  appointmentStatusByCustomerEvent,
  appointmentStatusEvent,
  appointmentUpdatedEvent,
  type Appointment,
  type AppointmentList,
  type EventContract,
  type RecurringInput,
  type RecurringScope,
  type RpcRequest,
  type checkOutAppointmentRpc,
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
import { DataSource, type EntityManager } from 'typeorm';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { APPOINTMENT_COLUMNS, centsOf, instantsOf, returnedRows, toAppointment, type AppointmentRow } from './appointment-rows';
import { AppointmentCapacity, CollisionFound, Refused, type CapacityWrite } from './appointment-capacity';
import { AppointmentQueries } from './appointment-queries';
import { AppointmentStore, type AppointmentFields, type AppointmentWrite } from './appointment-store';
import { occurrences } from './recurrence';
import { closeGroupAfterDelete, splitIfFollowing } from './recurring-groups';

/** What a change does to one row of its scope; the day shift moves the others of a group alike. */
type RowPatch = (row: AppointmentRow, dayShift: number) => Partial<AppointmentRow>;

function realDate(text: string, field: string): LocalDate {
  const date = parseLocalDate(text);
  if (!isRealDate(date)) throw new RpcError('validation_failed', { fields: { [field]: 'Invalid date' } });
  return date;
}

function timeZoneOf(scope: StoreScope): string {
  if (!isValidTimeZone(scope.timeZone)) throw new RpcError('internal');
  return scope.timeZone;
}

/** R3.07 R4.11 the changes staff make to a store's appointments: booking, recurring groups, changes by scope, check-out, decline. */
@Injectable()
export class AppointmentCommands {
  constructor(
    private readonly db: DataSource,
    private readonly store: AppointmentStore,
    private readonly queries: AppointmentQueries,
    private readonly capacity: AppointmentCapacity,
  ) {}

  /**
   * Runs a write in a transaction under the organization's capacity lock. A collision found inside (CollisionFound)
   * rolls it back and is answered as the conflict, with the pets' names read after the transaction.
   */
  private async checked<T>(
    scope: StoreScope,
    petIds: readonly string[],
    write: (manager: EntityManager) => Promise<T>,
  ): Promise<T | Refused> {
    try {
      return await this.db.transaction(async (manager) => {
        await this.capacity.lock(manager, scope.orgaId);
        return write(manager);
      });
    } catch (error) {
      if (error instanceof CollisionFound) return new Refused(await this.capacity.conflict(scope, error.found, petIds));
      throw error;
    }
  }

  /** Refuses the writes that collide, unless the caller books anyway; unchanged rows are not checked again. */
  private async refuseCollisions(
    manager: EntityManager,
    scope: StoreScope,
    writes: CapacityWrite[],
    excluded: string[],
    allowConflict: boolean,
  ): Promise<void> {
    if (allowConflict || writes.length === 0) return;
    const found = await this.capacity.check(manager, scope, writes, excluded);
    if (found.collisions.length > 0) throw new CollisionFound(found);
  }

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
    return this.checked(scope, fields.pet_ids, async (manager) => {
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
      const writes = rows.map((row) => ({
        date: row.local_date,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        userId: row.user_id,
        petIds,
      }));
      await this.refuseCollisions(manager, scope, writes, [], allowConflict);
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
    scope: StoreScope,
    appointmentId: string,
    recurringScope: RecurringScope,
    newDate: LocalDate | null,
    patch: RowPatch,
    relations: Pick<AppointmentFields, 'treatment_ids' | 'pet_ids'> | null,
    allowConflict: boolean,
  ): Promise<{ appointment: Appointment; affected_ids: string[] } | Refused> {
    const timeZone = timeZoneOf(scope);
    return this.checked(scope, relations?.pet_ids ?? [], async (manager) => {
      const target = await this.store.row(manager, scope, appointmentId, true);
      const rows = await this.store.rowsInScope(manager, scope, target, recurringScope);
      const ids = rows.map((row) => row.id);
      const dayShift = newDate ? daysBetween(parseLocalDate(target.local_date), newDate) : 0;
      const next = rows.map((row): AppointmentWrite => {
        const changed: AppointmentRow = { ...row, ...patch(row, dayShift) };
        changed.local_date = formatLocalDate(addDays(parseLocalDate(row.local_date), dayShift));
        // the local time is what was booked; the instant follows in the store's zone (DST-safe)
        const { startsAt, endsAt } = instantsOf(parseLocalDate(changed.local_date), changed, changed.duration, changed.full_day, timeZone);
        return { ...changed, time_zone: timeZone, starts_at: startsAt, ends_at: endsAt };
      });
      const petsBefore = await this.store.petIdsOf(manager, ids);
      const writes = next.flatMap((row, index): CapacityWrite[] => {
        const before = rows[index];
        const pets = relations ? [...new Set(relations.pet_ids)] : (petsBefore.get(row.id) ?? []);
        const moved =
          !before ||
          new Date(before.starts_at).getTime() !== row.starts_at.getTime() ||
          new Date(before.ends_at).getTime() !== row.ends_at.getTime() ||
          before.user_id !== row.user_id ||
          pets.some((pet) => !(petsBefore.get(row.id) ?? []).includes(pet));
        return moved ? [{ date: row.local_date, startsAt: row.starts_at, endsAt: row.ends_at, userId: row.user_id, petIds: pets }] : [];
      });
      await this.refuseCollisions(manager, scope, writes, ids, allowConflict);
      await splitIfFollowing(manager, target, rows, recurringScope);
      for (const row of next) await this.store.update(manager, row);
      if (relations) await this.store.writeRelations(manager, ids, relations, scope.orgaId);
      const updated = await this.store.row(manager, scope, appointmentId);
      await this.store.publish(manager, appointmentUpdatedEvent, updated, ids, scope.meta);
      return { appointment: toAppointment(updated), affected_ids: ids };
    });
  }

  async update(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope, fields: AppointmentFields, allowConflict = false) {
    const date = realDate(fields.date, 'appointment.date');
    return this.change(
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
    return this.change(scope, appointmentId, recurringScope, null, () => ({ duration }), null, allowConflict);
  }

  /** R4.11 check-out: not cashed in → checked out, with final price, discount, total and cashed in. */
  async checkOut(scope: StoreScope, input: RpcRequest<typeof checkOutAppointmentRpc>): Promise<Appointment> {
    const finalPrice = centsOf(input.final_price, 'final_price');
    const discount = centsOf(input.discount, 'discount');
    if (discount > finalPrice) throw new RpcError('validation_failed', { fields: { discount: 'The discount is more than the price' } });
    const total = input.total !== undefined ? centsOf(input.total, 'total') : finalPrice - discount;
    return this.single(
      scope,
      input.appointment_id,
      appointmentDoneEvent,
      `final_price = $2, discount = $3, total = $4, cashed_in = $5, checked_out = true`,
      [finalPrice, discount, total, input.cashed_in],
    );
  }

  async notes(scope: StoreScope, appointmentId: string, notes: string | null): Promise<Appointment> {
    return this.single(scope, appointmentId, appointmentNotesEvent, `notes = $2`, [notes]);
  }

  async status(scope: StoreScope, appointmentId: string, status: number): Promise<Appointment> {
    return this.single(scope, appointmentId, appointmentStatusEvent, `status = $2`, [status]);
  }

  /** R4.18 a customer's reply (messaging): status 1 confirmed or 2 declined, with date and time for the clients' notification. */
  async statusByCustomer(orgaId: string, appointmentId: string, status: number): Promise<Appointment> {
    return this.db.transaction(async (manager) => {
      const rows = returnedRows<{ id: string }>(
        await manager.query(`UPDATE appointment SET status = $3, updated_at = now() WHERE id = $1 AND orga_id = $2 RETURNING id`, [
          appointmentId,
          orgaId,
          status,
        ]),
      );
      if (!rows[0]) throw new RpcError('not_found');
      const [row] = await manager.query<AppointmentRow[]>(`SELECT ${APPOINTMENT_COLUMNS} FROM appointment WHERE id = $1`, [appointmentId]);
      if (!row) throw new RpcError('not_found');
      const item = toAppointment(row);
      await this.store.publish(
        manager,
        appointmentStatusByCustomerEvent,
        row,
        [row.id],
        { orgaId, storeId: row.store_id, actor: null },
        { status, date: item.date, hour: item.hour, min: item.min },
      );
      return item;
    });
  }

  private async single(
    scope: StoreScope,
    appointmentId: string,
    event: EventContract,
    set: string,
    values: unknown[],
  ): Promise<Appointment> {
    return this.db.transaction(async (manager) => {
      const found = returnedRows<{ id: string }>(
        await manager.query(
          `UPDATE appointment SET ${set}, updated_at = now() WHERE id = $1 AND store_id = $${values.length + 2} AND orga_id = $${values.length + 3} RETURNING id`,
          [appointmentId, ...values, scope.storeId, scope.orgaId],
        ),
      );
      if (!found[0]) throw new RpcError('not_found');
      const row = await this.store.row(manager, scope, appointmentId);
      await this.store.publish(manager, event, row, [row.id], scope.meta);
      return toAppointment(row);
    });
  }

  /** Deletes one, this and the following, or all of a group; a group that loses its main member gets the earliest left. */
  async delete(scope: StoreScope, appointmentId: string, recurringScope: RecurringScope): Promise<{ deleted_ids: string[] }> {
    return this.db.transaction(async (manager) => {
      const target = await this.store.row(manager, scope, appointmentId, true);
      const rows = await this.store.rowsInScope(manager, scope, target, recurringScope);
      const ids = rows.map((row) => row.id);
      const petIds = await this.store.petIds(manager, ids);
      await manager.query(`DELETE FROM appointment WHERE id = ANY($1::uuid[])`, [ids]);
      await closeGroupAfterDelete(manager, target, recurringScope);
      await this.store.publish(manager, appointmentDeletedEvent, target, ids, scope.meta, {}, petIds);
      return { deleted_ids: ids };
    });
  }
}
