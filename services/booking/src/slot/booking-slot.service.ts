import { Injectable } from '@nestjs/common';
import { bookingSlotDeletedEvent, type BookingSlot } from '@pawline/contracts';
import { OutboxService, RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { bookingMessageFacts } from './message-facts';
import { SLOT_COLUMNS, SLOT_PAGE_SIZE, toBookingSlot, type BookingSlotRow } from './booking-slot-rows';

type Runner = Pick<EntityManager, 'query'>;

/** The salon's side of booking requests: the pending list, one request, deleting one (accepting: SlotAcceptService). */
@Injectable()
export class BookingSlotService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /** R7.06 R9.05 pending requests, newest first, 100 a page after (created_time, last_id); created_time 0 is the first page. */
  async list(scope: StoreScope, createdTime: number, lastId: string | null): Promise<BookingSlot[]> {
    const rows = await this.db.query<BookingSlotRow[]>(
      `SELECT ${SLOT_COLUMNS} FROM booking_slot
        WHERE orga_id = $1 AND store_id = $2 AND status = 'pending'
          AND ($3::bigint = 0 OR created_time < $3::bigint OR (created_time = $3::bigint AND $4::uuid IS NOT NULL AND id < $4::uuid))
        ORDER BY created_time DESC, id DESC LIMIT ${SLOT_PAGE_SIZE}`,
      [scope.orgaId, scope.storeId, createdTime, lastId],
    );
    return rows.map(toBookingSlot);
  }

  async get(scope: StoreScope, slotId: string, runner: Runner = this.db): Promise<BookingSlot> {
    return toBookingSlot(await this.row(scope, slotId, runner));
  }

  async row(scope: StoreScope, slotId: string, runner: Runner = this.db, lock = false): Promise<BookingSlotRow> {
    const [row] = await runner.query<BookingSlotRow[]>(
      `SELECT ${SLOT_COLUMNS} FROM booking_slot WHERE id = $1 AND orga_id = $2 AND store_id = $3${lock ? ' FOR UPDATE' : ''}`,
      [slotId, scope.orgaId, scope.storeId],
    );
    if (!row || row.status === 'deleted') throw new RpcError('not_found');
    return row;
  }

  /**
   * R1.09 a pending request is deleted and its time freed; the customer is sent nothing. Declined (issue 27): the
   * same, and the event carries what messaging needs to tell the customer the time is not possible.
   */
  async delete(scope: StoreScope, slotId: string, declined = false): Promise<{ id: string }> {
    return this.db.transaction(async (manager) => {
      const row = await this.row(scope, slotId, manager, true);
      if (row.status !== 'pending') throw new RpcError('conflict', { params: { message: 'The request was accepted already' } });
      await manager.query(`UPDATE booking_slot SET status = 'deleted' WHERE id = $1`, [slotId]);
      await this.outbox.add(
        manager,
        bookingSlotDeletedEvent,
        declined
          ? { orga_id: scope.orgaId, store_id: scope.storeId, slot_id: slotId, declined, customer: await bookingMessageFacts(manager, row) }
          : { orga_id: scope.orgaId, store_id: scope.storeId, slot_id: slotId },
        scope.meta,
      );
      return { id: slotId };
    });
  }
}
