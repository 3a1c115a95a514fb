import { Controller } from '@nestjs/common';
import { appointmentStatusByCustomerEvent, petNamesRpc, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler, NatsRpcClient } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { NotificationService } from './notification.service';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * R4.12 scheduling's status_by_customer (a customer confirmed or declined, spec §4) becomes the
 * store's APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER notification with date, time, customer and pet names
 * (names from crm: scheduling keeps pet ids only). One per event (dedupe key = event id).
 */
@Controller()
export class StatusChangeConsumer {
  constructor(
    private readonly notifications: NotificationService,
    private readonly rpc: NatsRpcClient,
  ) {}

  @EventHandler({ durable: 'messaging-inbox-status-by-customer', events: [appointmentStatusByCustomerEvent], maxDeliver: 8 })
  async onStatusByCustomer(
    event: EventEnvelope<EventPayload<typeof appointmentStatusByCustomerEvent>>,
    manager: EntityManager,
  ): Promise<void> {
    const data = event.data;
    if (data.status !== 1 && data.status !== 2) return;
    const pets = data.pet_ids.length
      ? await this.rpc.call(petNamesRpc, { orga_id: data.orga_id, pet_ids: data.pet_ids.slice(0, 50) }, { auth: null, lang: 'en' })
      : [];
    const owner = pets[0];
    const declined = data.status === 2;
    await this.notifications.create(manager, {
      orgaId: data.orga_id,
      storeId: data.store_id,
      type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER',
      belongsTo: data.appointment_id,
      title: declined ? 'notificationDeclinedTitle' : 'notificationConfirmedTitle',
      text: declined ? 'notificationDeclinedText' : 'notificationConfirmedText',
      params: {
        customer: owner ? `${owner.customer_first_name} ${owner.customer_last_name}`.trim() : '',
        pet: pets.map((pet) => pet.name).join(', '),
        date: data.date,
        time: `${pad(data.hour)}:${pad(data.min)}`,
      },
      time: new Date(event.occurredAt),
      dedupeKey: `status-by-customer:${event.id}`,
    });
  }
}
