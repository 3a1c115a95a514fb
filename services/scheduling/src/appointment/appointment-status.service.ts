import { Injectable } from '@nestjs/common';
import {
  APPOINTMENT_STATUS,
  appointmentDoneEvent,
  appointmentNotesEvent,
  appointmentStatusByCustomerEvent,
  appointmentStatusEvent,
  type Appointment,
  type RpcRequest,
  type checkOutAppointmentRpc,
} from '@pawline/contracts';
import { checkoutDiscount, holdsTime, localDateOf } from '@pawline/domain';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { AppointmentCapacity, type Refused } from './appointment-capacity';
import { capacityWrite } from './appointment-commands';
import { APPOINTMENT_COLUMNS, centsOf, returnedRows, toAppointment, type AppointmentRow } from './appointment-rows';
import { AppointmentStore } from './appointment-store';
import { imageOf, recordChange } from './change-log';

const NOT_CHECKED_OUT: Partial<Record<number, string>> = {
  [APPOINTMENT_STATUS.declined_by_customer]: 'validation.checkOutDeclined',
  [APPOINTMENT_STATUS.no_show]: 'validation.checkOutNoShow',
};

/**
 * Issue 30 a decline keeps its time, so a late cancellation can be told from one in time (ADR 0060). Any other
 * status keeps the last decline's time: an undone restore brings the decline back with its own time.
 */
const DECLINED_AT = `declined_at = CASE WHEN $2::smallint = ${APPOINTMENT_STATUS.declined_by_customer} THEN now() ELSE declined_at END`;

/**
 * R4.11 what becomes of an appointment: check-out, notes, the status staff set (declined, no-show, restored) and the
 * customer's reply. A status that takes the time back runs under the capacity rule; a status change can be undone
 * (ADR 0043).
 */
@Injectable()
export class AppointmentStatusService {
  constructor(
    private readonly db: DataSource,
    private readonly store: AppointmentStore,
    private readonly capacity: AppointmentCapacity,
  ) {}

  /**
   * R4.11 check-out: not cashed in → checked out, with final price, discount (an amount or a percentage of the
   * final price), total and cashed in. Not for a declined appointment, a no-show or one of a later day.
   */
  async checkOut(scope: StoreScope, input: RpcRequest<typeof checkOutAppointmentRpc>, now = Date.now()): Promise<Appointment> {
    const finalPrice = centsOf(input.final_price, 'final_price');
    const amount = centsOf(input.discount, 'discount');
    if (input.discount_percent !== undefined && amount > 0)
      throw new RpcError('validation_failed', { fields: { discount_percent: 'validation.discountAmountOrPercent' } });
    const discount = checkoutDiscount(
      finalPrice,
      input.discount_percent !== undefined ? { percent: input.discount_percent } : { cents: amount },
    );
    if (!discount.ok) throw new RpcError('validation_failed', { fields: { discount: 'The discount is more than the price' } });
    const total = input.total !== undefined ? centsOf(input.total, 'total') : finalPrice - discount.cents;
    return this.db.transaction(async (manager) => {
      const row = await this.store.row(manager, scope, input.appointment_id, true);
      const refused = NOT_CHECKED_OUT[row.status];
      if (refused) throw new RpcError('checkout_not_allowed', { fields: { status: refused } });
      if (row.local_date > localDateOf(now, scope.timeZone))
        throw new RpcError('checkout_not_allowed', { fields: { date: 'validation.checkOutFuture' } });
      return this.set(
        manager,
        scope,
        row,
        appointmentDoneEvent,
        `final_price = $2, discount = $3, discount_percent = $4, total = $5, cashed_in = $6, checked_out = true`,
        [finalPrice, discount.cents, discount.percent, total, input.cashed_in],
      );
    });
  }

  async notes(scope: StoreScope, appointmentId: string, notes: string | null): Promise<Appointment> {
    return this.db.transaction(async (manager) => {
      const row = await this.store.row(manager, scope, appointmentId, true);
      return this.set(manager, scope, row, appointmentNotesEvent, `notes = $2`, [notes]);
    });
  }

  /**
   * Staff set the status: declined (2) or a no-show (3, once it started) frees the time; back to 0 or 1 takes it
   * again, under the capacity rule unless `allowConflict`. A checked-out appointment is neither declined nor a no-show.
   */
  async status(
    scope: StoreScope,
    appointmentId: string,
    status: number,
    allowConflict = false,
    now = Date.now(),
  ): Promise<(Appointment & { change_id?: string }) | Refused> {
    return this.capacity.transaction(scope, [], async (manager) => {
      const row = await this.store.row(manager, scope, appointmentId, true);
      if (!holdsTime(status) && row.checked_out)
        throw new RpcError('status_not_allowed', { fields: { status: 'validation.statusAfterCheckOut' } });
      if (status === APPOINTMENT_STATUS.no_show && new Date(row.starts_at).getTime() > now)
        throw new RpcError('status_not_allowed', { fields: { status: 'validation.noShowBeforeStart' } });
      if (row.status === status) return toAppointment(row);
      const before = await imageOf(manager, [row]);
      if (!holdsTime(row.status) && holdsTime(status)) {
        const pets = before.pets.map((pet) => pet.pet_id);
        await this.capacity.refuse(
          manager,
          scope,
          [capacityWrite({ ...row, starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) }, pets)],
          [row.id],
          allowConflict,
        );
      }
      const item = await this.set(manager, scope, row, appointmentStatusEvent, `status = $2, ${DECLINED_AT}`, [status], {
        previous_status: row.status,
      });
      const changeId = await recordChange(
        manager,
        scope,
        'status',
        row.id,
        before,
        await imageOf(manager, [await this.store.row(manager, scope, row.id)]),
      );
      return { ...item, change_id: changeId };
    });
  }

  /** R4.18 a customer's reply (messaging): status 1 confirmed or 2 declined, with date and time for the clients' notification. */
  async statusByCustomer(orgaId: string, appointmentId: string, status: number): Promise<Appointment> {
    return this.db.transaction(async (manager) => {
      const rows = returnedRows<{ id: string }>(
        await manager.query(
          `UPDATE appointment SET status = $3, ${DECLINED_AT.replace('$2', '$3')}, updated_at = now() WHERE id = $1 AND orga_id = $2 RETURNING id`,
          [appointmentId, orgaId, status],
        ),
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

  /** Sets columns of one locked row and publishes the change's event. */
  private async set(
    manager: EntityManager,
    scope: StoreScope,
    row: AppointmentRow,
    event: Parameters<AppointmentStore['publish']>[1],
    set: string,
    values: unknown[],
    extra: Record<string, unknown> = {},
  ): Promise<Appointment> {
    await manager.query(`UPDATE appointment SET ${set}, updated_at = now() WHERE id = $1`, [row.id, ...values]);
    const changed = await this.store.row(manager, scope, row.id);
    await this.store.publish(manager, event, changed, [changed.id], scope.meta, extra);
    return toAppointment(changed);
  }
}
