import { Controller } from '@nestjs/common';
import { bookingSlotRequestedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { NotificationService } from './notification.service';

/**
 * R4.19 spec §4 a customer's booking request (booking's customer_booking) becomes the store's NEW_BOOKING
 * notification 'New booking request received', with the customer's name and the local day and time the event
 * carries. One per request: the dedupe key is the request's id, so a redelivery makes no second one.
 */
@Controller()
export class NewBookingConsumer {
  constructor(private readonly notifications: NotificationService) {}

  @EventHandler({ durable: 'messaging-inbox-new-booking', events: [bookingSlotRequestedEvent], maxDeliver: 8 })
  async onCustomerBooking(event: EventEnvelope<EventPayload<typeof bookingSlotRequestedEvent>>, manager: EntityManager): Promise<void> {
    const data = event.data;
    await this.notifications.create(manager, {
      orgaId: data.orga_id,
      storeId: data.store_id,
      type: 'NEW_BOOKING',
      belongsTo: data.slot_id,
      title: 'notificationNewBooking',
      text: 'notificationNewBookingText',
      params: { customer: data.customer_name ?? '', date: data.date ?? '', time: data.time ?? '' },
      time: new Date(event.occurredAt),
      dedupeKey: `NEW_BOOKING:${data.slot_id}`,
    });
  }
}
