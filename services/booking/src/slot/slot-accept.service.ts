import { Injectable, Logger } from '@nestjs/common';
import {
  acceptBookingSlotRpc,
  appointmentConflictMessage,
  checkAppointmentRpc,
  bookingSlotAcceptedEvent,
  createAppointmentRpc,
  createCustomerRpc,
  createPetRpc,
  deleteCustomerRpc,
  matchCustomerRpc,
  type RpcResponse,
} from '@pawline/contracts';
import { NatsRpcClient, OutboxService, RpcError, type RpcCallContext, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type QueryRunner } from 'typeorm';
import { lockStoreHolds } from '../directory/directory-projection';
import { BookingSlotService } from './booking-slot.service';
import { bookingMessageFacts } from './message-facts';
import { toBookingSlot, treatmentIdList, type BookingSlotRow } from './booking-slot-rows';

type Accepted = RpcResponse<typeof acceptBookingSlotRpc>;
type Match = RpcResponse<typeof matchCustomerRpc>;

/** Codes after which the other service surely did nothing: what was made for this accept may be undone. */
const DEFINITE = new Set([
  'validation_failed',
  'forbidden',
  'not_found',
  'conflict',
  'unknown_reference',
  'unauthorized',
  'session_expired',
]);

/**
 * R1.09 accepting a request: the customer (matched in crm by phone or e-mail, else created with the consents
 * given), the new pets, then scheduling's appointment, each with the caller's rights. One accept of a request runs
 * at a time (a session advisory lock); every id made is written on the row at once, so a retry after a failure
 * reuses it instead of making a second customer, pet or appointment (docs/adr/0020-booking-service.md).
 */
@Injectable()
export class SlotAcceptService {
  private readonly logger = new Logger(SlotAcceptService.name);

  constructor(
    private readonly db: DataSource,
    private readonly rpc: NatsRpcClient,
    private readonly outbox: OutboxService,
    private readonly slots: BookingSlotService,
  ) {}

  async accept(scope: StoreScope, slotId: string, ctx: RpcCallContext, allowConflict = false): Promise<Accepted> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [lock] = await runner.manager.query<{ ok: boolean }[]>(`SELECT pg_try_advisory_lock(hashtext('booking-accept:' || $1)) AS ok`, [
        slotId,
      ]);
      if (!lock?.ok) throw new RpcError('conflict', { params: { message: 'The request is being accepted' } });
      try {
        return await this.acceptLocked(runner, scope, slotId, ctx, allowConflict);
      } finally {
        await runner.manager.query(`SELECT pg_advisory_unlock(hashtext('booking-accept:' || $1))`, [slotId]);
      }
    } finally {
      await runner.release();
    }
  }

  private async acceptLocked(
    runner: QueryRunner,
    scope: StoreScope,
    slotId: string,
    ctx: RpcCallContext,
    allowConflict: boolean,
  ): Promise<Accepted> {
    const row = await this.slots.row(scope, slotId, runner.manager);
    if (row.status === 'accepted' && row.appointment_id) {
      return { slot: toBookingSlot(row), appointment_id: row.appointment_id, customer_id: row.accept_customer_id ?? row.customer_id ?? '' };
    }
    const as = { auth: ctx.auth, lang: ctx.lang, member: ctx.member };
    const match = await this.rpc.call(
      matchCustomerRpc,
      { orga_id: scope.orgaId, store_id: scope.storeId, fon: row.fon, email: row.email },
      { auth: null, lang: ctx.lang },
    );
    const adopted = row.appointment_id ?? (await this.adoptedAppointment(runner, row));
    // a time that collides by now is asked about before a customer or pet is made for it (scheduling checks again)
    if (!allowConflict && !adopted) await this.refuseCollision(scope, row, match, as);
    let created = false;
    let customerId = row.accept_customer_id;
    if (!customerId) {
      customerId = match.customer?.id ?? null;
      if (!customerId) {
        const detail = await this.rpc.call(
          createCustomerRpc,
          {
            orga_id: scope.orgaId,
            store_id: scope.storeId,
            first_name: row.first_name,
            last_name: row.last_name,
            fon: row.fon,
            email: row.email,
            consent_messages: row.consent_messages,
            consent_reminders: row.consent_reminders,
            consent_marketing: row.consent_marketing,
            tags: [],
            external_services: [],
          },
          as,
        );
        customerId = detail.customer.id;
        created = true;
      }
      await runner.manager.query(`UPDATE booking_slot SET accept_customer_id = $2 WHERE id = $1`, [slotId, customerId]);
    }
    const petIds = await this.pets(runner, scope, row, customerId, match, as);
    try {
      const appointmentId = adopted ?? (await this.book(scope, row, petIds, as, allowConflict));
      await runner.manager.query(`UPDATE booking_slot SET appointment_id = $2 WHERE id = $1`, [slotId, appointmentId]);
      return await this.finish(runner, scope, row, appointmentId, customerId);
    } catch (error) {
      if (created && error instanceof RpcError && DEFINITE.has(error.code)) await this.undoCustomer(runner, scope, slotId, customerId, as);
      throw error;
    }
  }

  /** Each pet of the request: one of the matched customer's, or made now (kept on the row in its place). */
  private async pets(
    runner: QueryRunner,
    scope: StoreScope,
    row: BookingSlotRow,
    customerId: string,
    match: Match,
    as: RpcCallContext,
  ): Promise<string[]> {
    const known = new Set(match.customer?.id === customerId ? match.pets.map((pet) => pet.id) : []);
    const ids = [...(row.accept_pet_ids ?? row.pets.map(() => null))];
    for (const [index, pet] of row.pets.entries()) {
      if (ids[index]) continue;
      if (pet.pet_id && known.has(pet.pet_id)) {
        ids[index] = pet.pet_id;
        continue;
      }
      const detail = await this.rpc.call(
        createPetRpc,
        {
          orga_id: scope.orgaId,
          store_id: scope.storeId,
          customer_id: customerId,
          name: pet.name,
          pet_type: pet.pet_type,
          breed: pet.breed,
          size: pet.size,
          hair: pet.hair,
          tags: [],
        },
        { auth: as.auth, lang: as.lang, member: as.member },
      );
      ids[index] = detail.pet.id;
      await runner.manager.query(`UPDATE booking_slot SET accept_pet_ids = $2::jsonb WHERE id = $1`, [row.id, JSON.stringify(ids)]);
    }
    return ids.filter((id): id is string => id !== null);
  }

  /**
   * A retry after scheduling's answer was lost (a timeout): the appointment it may have made shows in the busy
   * projection as this groomer's exact time; that one is taken instead of booking a second.
   */
  private async adoptedAppointment(runner: QueryRunner, row: BookingSlotRow): Promise<string | null> {
    if (!row.accept_customer_id) return null;
    const [busy] = await runner.manager.query<{ appointment_id: string }[]>(
      `SELECT b.appointment_id FROM booking_busy b, booking_slot s
        WHERE s.id = $1 AND b.store_id = s.store_id AND b.user_id = s.user_id AND b.during = s.during AND NOT b.deleted
          AND NOT EXISTS (SELECT 1 FROM booking_slot o WHERE o.appointment_id = b.appointment_id)
        LIMIT 1`,
      [row.id],
    );
    return busy?.appointment_id ?? null;
  }

  /** What scheduling says the request's time collides with now: its 409 conflict, in the caller's language. */
  private async refuseCollision(scope: StoreScope, row: BookingSlotRow, match: Match, as: RpcCallContext): Promise<void> {
    const known = new Set(match.pets.map((pet) => pet.id));
    const petIds = row.pets.flatMap((pet) => (pet.pet_id && known.has(pet.pet_id) ? [pet.pet_id] : []));
    const found = await this.rpc.call(
      checkAppointmentRpc,
      {
        orga_id: scope.orgaId,
        store_id: scope.storeId,
        appointment_id: null,
        appointment: {
          user_id: row.user_id,
          date: row.local_date,
          hour: row.hour,
          min: row.min,
          duration: row.duration,
          full_day: false,
          pet_ids: petIds,
        },
        candidate_user_ids: [],
      },
      as,
    );
    if (found.collisions.length === 0) return;
    throw new RpcError('conflict', {
      message: appointmentConflictMessage(as.lang),
      extra: { collisions: found.collisions, conflicts: found.conflicts },
    });
  }

  private async book(
    scope: StoreScope,
    row: BookingSlotRow,
    petIds: string[],
    as: RpcCallContext,
    allowConflict: boolean,
  ): Promise<string> {
    const list = await this.rpc.call(
      createAppointmentRpc,
      {
        orga_id: scope.orgaId,
        store_id: scope.storeId,
        appointment: {
          user_id: row.user_id,
          date: row.local_date,
          hour: row.hour,
          min: row.min,
          sec: 0,
          duration: row.duration,
          timed: true,
          full_day: false,
          notes: row.notes,
          treatment_ids: treatmentIdList(row.treatment_ids),
          pet_ids: petIds,
        },
        recurring: null,
        allow_conflict: allowConflict,
      },
      { auth: as.auth, lang: as.lang, member: as.member },
    );
    const appointment = list.items[0];
    if (!appointment) throw new RpcError('internal');
    return appointment.id;
  }

  /** The request becomes accepted; its hold ends at once when the busy projection already has the appointment. */
  private async finish(
    runner: QueryRunner,
    scope: StoreScope,
    row: BookingSlotRow,
    appointmentId: string,
    customerId: string,
  ): Promise<Accepted> {
    const slotId = row.id;
    const customer = await bookingMessageFacts(runner.manager, row);
    await runner.startTransaction();
    try {
      await lockStoreHolds(runner.manager, scope.storeId);
      await runner.manager.query(
        `UPDATE booking_slot SET status = 'accepted', customer_id = $2,
           released = EXISTS (SELECT 1 FROM booking_busy WHERE appointment_id = $3)
         WHERE id = $1`,
        [slotId, customerId, appointmentId],
      );
      await this.outbox.add(
        runner.manager,
        bookingSlotAcceptedEvent,
        { orga_id: scope.orgaId, store_id: scope.storeId, slot_id: slotId, appointment_id: appointmentId, customer },
        scope.meta,
      );
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
    const slot = await this.slots.get(scope, slotId, runner.manager);
    return { slot, appointment_id: appointmentId, customer_id: customerId };
  }

  /** Scheduling refused the appointment: the customer made for it (with the pets) goes again, the request stays pending. */
  private async undoCustomer(
    runner: QueryRunner,
    scope: StoreScope,
    slotId: string,
    customerId: string,
    as: RpcCallContext,
  ): Promise<void> {
    try {
      await this.rpc.call(deleteCustomerRpc, { orga_id: scope.orgaId, store_id: scope.storeId, customer_id: customerId }, as);
      await runner.manager.query(`UPDATE booking_slot SET accept_customer_id = NULL, accept_pet_ids = NULL WHERE id = $1`, [slotId]);
    } catch (error) {
      // kept on the row: the next accept reuses the customer instead of making another
      this.logger.warn(`accept ${slotId}: the customer made for it stays (${String(error)})`);
    }
  }
}
