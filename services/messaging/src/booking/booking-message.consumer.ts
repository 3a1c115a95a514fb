import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import {
  REMINDER_STATUS,
  bookingSlotAcceptedEvent,
  bookingSlotDeletedEvent,
  bookingSlotRequestedEvent,
  sendMessageWork,
  waitlistOfferClosedEvent,
  waitlistOfferMadeEvent,
  type BookingMessageFacts,
  type EventEnvelope,
  type EventPayload,
} from '@pawline/contracts';
import type { BookingMessageKind } from '@pawline/domain';
import { EventHandler, OutboxService } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { isRefusal } from '../ports';
import { buttonPayloadsFor } from '../ports/button-payload';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { MessageComposer } from '../template/message-composer';
import { bookingDedupeKey, bookingMessagePlan, isSkip, type BookingStore } from './booking-message';

type Request = { orga_id: string; store_id: string; slot_id: string; customer?: BookingMessageFacts };

/**
 * Issue 27: booking's request events become the customer's booking messages: received (customer_booking),
 * confirmed (accepted, linked to the appointment it became) and not possible (deleted as declined; a plain
 * deletion tells the customer nothing, R1.09). One outbound message of kind 'booking' per request and kind, written
 * with its send job in the event's transaction; one that cannot go (template not approved, no widget page) is
 * written with its reason for staff. Booking messages are not reminders: they use none of the plan's messages.
 */
@Controller()
export class BookingMessageConsumer {
  constructor(
    private readonly composer: MessageComposer,
    private readonly settings: ReminderSettingsService,
    private readonly outbox: OutboxService,
  ) {}

  @EventHandler({ durable: 'messaging-booking-received', events: [bookingSlotRequestedEvent], maxDeliver: 8 })
  async onRequested(event: EventEnvelope<EventPayload<typeof bookingSlotRequestedEvent>>, manager: EntityManager): Promise<void> {
    await this.send(manager, 'booking_received', event.data, null);
  }

  @EventHandler({ durable: 'messaging-booking-confirmed', events: [bookingSlotAcceptedEvent], maxDeliver: 8 })
  async onAccepted(event: EventEnvelope<EventPayload<typeof bookingSlotAcceptedEvent>>, manager: EntityManager): Promise<void> {
    await this.send(manager, 'booking_confirmed', event.data, event.data.appointment_id);
  }

  @EventHandler({ durable: 'messaging-booking-declined', events: [bookingSlotDeletedEvent], maxDeliver: 8 })
  async onDeleted(event: EventEnvelope<EventPayload<typeof bookingSlotDeletedEvent>>, manager: EntityManager): Promise<void> {
    if (event.data.declined) await this.send(manager, 'booking_declined', event.data, null);
  }

  /** issue 30 a freed time offered to a waiting customer, with its "Take it" quick reply (ADR 0063) */
  @EventHandler({ durable: 'messaging-waitlist-offer', events: [waitlistOfferMadeEvent], maxDeliver: 8 })
  async onWaitlistOffer(event: EventEnvelope<EventPayload<typeof waitlistOfferMadeEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, store_id, offer_id, customer } = event.data;
    await this.send(manager, 'waitlist_offer', { orga_id, store_id, slot_id: offer_id, customer }, null);
  }

  /** issue 30 someone else took the time (or staff filled it): the customer hears it is gone, once per offer */
  @EventHandler({ durable: 'messaging-waitlist-gone', events: [waitlistOfferClosedEvent], maxDeliver: 8 })
  async onWaitlistClosed(event: EventEnvelope<EventPayload<typeof waitlistOfferClosedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, store_id, offer_id, customer, outcome } = event.data;
    if (outcome === 'gone') await this.send(manager, 'waitlist_gone', { orga_id, store_id, slot_id: offer_id, customer }, null);
  }

  private async send(manager: EntityManager, kind: BookingMessageKind, data: Request, appointmentId: string | null): Promise<void> {
    const facts = data.customer;
    if (!facts) return;
    const dedupeKey = bookingDedupeKey(kind, data.slot_id);
    const [done] = await manager.query<unknown[]>(`SELECT 1 FROM outbound_message WHERE dedupe_key = $1`, [dedupeKey]);
    if (done) return;
    const store = await this.store(manager, data.store_id);
    const settings = await this.settings.get(data.orga_id);
    const plan = bookingMessagePlan(kind, facts, store, settings.language);
    if (isSkip(plan)) return;
    const composition = await this.composer.compose(data.orga_id, plan.choices, plan.values);
    const [customer] = await manager.query<{ customer_id: string }[]>(
      `SELECT customer_id FROM dir_customer WHERE orga_id = $1 AND phone = $2 AND NOT deleted ORDER BY store_id = $3 DESC LIMIT 1`,
      [data.orga_id, plan.to, data.store_id],
    );
    const id = randomUUID();
    const refused = isRefusal(composition);
    const { registrationId, ...message } = refused ? { registrationId: null } : composition;
    const content = refused
      ? { kind: 'refused', to: plan.to, reason: composition.refused, detail: composition.detail }
      : { ...message, kind: 'template', to: plan.to, buttonPayloads: buttonPayloadsFor(composition.buttons, id) };
    const inserted = await manager.query<{ id: string }[]>(
      `INSERT INTO outbound_message (id, orga_id, store_id, kind, customer_id, appointment_id, dedupe_key, to_phone, content, status,
         last_error, reason_code, waba_template_id)
       VALUES ($1, $2, $3, 'booking', $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [
        id,
        data.orga_id,
        data.store_id,
        customer?.customer_id ?? null,
        appointmentId,
        dedupeKey,
        plan.to,
        JSON.stringify(content),
        refused ? REMINDER_STATUS.undelivered : REMINDER_STATUS.in_process,
        refused ? composition.detail : null,
        refused ? composition.refused : null,
        registrationId ?? null,
      ],
    );
    if (inserted.length === 0 || refused) return;
    await this.outbox.add(manager, sendMessageWork, { outbound_id: id }, { orgaId: data.orga_id, storeId: data.store_id, actor: null });
  }

  /** The store from the directory; one not known yet (its event still on the way) is waited for by a redelivery. */
  private async store(manager: EntityManager, storeId: string): Promise<BookingStore> {
    const [row] = await manager.query<{ name: string; address: string | null; time_zone: string; country: string | null }[]>(
      `SELECT name, address, time_zone, country FROM dir_store WHERE store_id = $1 AND NOT deleted`,
      [storeId],
    );
    if (!row) throw new Error(`store ${storeId} not in messaging's directory yet`);
    return { name: row.name, address: row.address, timeZone: row.time_zone, country: row.country };
  }
}
