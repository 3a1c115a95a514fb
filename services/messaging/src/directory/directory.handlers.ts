import { Controller } from '@nestjs/common';
import {
  APPOINTMENT_EVENTS,
  appointmentDeletedEvent,
  appointmentUpdatedEvent,
  customerCreatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  orgaCancelledEvent,
  petCreatedEvent,
  petDeletedEvent,
  petUpdatedEvent,
  storeCreatedEvent,
  storeDeletedEvent,
  storeUpdatedEvent,
  isEvent as is,
  type EventEnvelope,
  type EventPayload,
} from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { DirectoryProjection } from './directory-projection';

/**
 * The directory kept from identity, crm and scheduling events: one durable per entity, so an entity's own
 * events arrive in their order, and versions for the rest (repeats, redeliveries, a replay from the start).
 */
@Controller()
export class DirectoryHandlers {
  @EventHandler({ durable: 'messaging-directory-store', events: [storeCreatedEvent, storeUpdatedEvent, storeDeletedEvent], maxDeliver: 10 })
  async onStore(event: EventEnvelope<EventPayload<typeof storeCreatedEvent>>, manager: EntityManager): Promise<void> {
    if (is(event, storeDeletedEvent)) {
      await DirectoryProjection.storeDeleted(manager, { orgaId: event.data.orga_id, storeId: event.data.store_id });
      return;
    }
    await DirectoryProjection.store(manager, event);
  }

  @EventHandler({
    durable: 'messaging-directory-customer',
    events: [customerCreatedEvent, customerUpdatedEvent, customerDeletedEvent],
    maxDeliver: 10,
  })
  async onCustomer(event: EventEnvelope<EventPayload<typeof customerUpdatedEvent>>, manager: EntityManager): Promise<void> {
    const ids = { orgaId: event.data.orga_id, storeId: event.data.store_id, customerId: event.data.customer_id };
    if (is(event, customerDeletedEvent)) await DirectoryProjection.customerDeleted(manager, ids);
    // without a snapshot nothing messaging keeps changed (a privacy file)
    else if (event.data.customer) await DirectoryProjection.customer(manager, ids, event.data.customer);
  }

  @EventHandler({ durable: 'messaging-directory-pet', events: [petCreatedEvent, petUpdatedEvent, petDeletedEvent], maxDeliver: 10 })
  async onPet(event: EventEnvelope<EventPayload<typeof petUpdatedEvent>>, manager: EntityManager): Promise<void> {
    const ids = { orgaId: event.data.orga_id, storeId: event.data.store_id, petId: event.data.pet_id, customerId: event.data.customer_id };
    if (is(event, petDeletedEvent)) await DirectoryProjection.petDeleted(manager, ids);
    else if (event.data.pet) await DirectoryProjection.pet(manager, ids, event.data.pet);
  }

  @EventHandler({ durable: 'messaging-directory-appointment', events: APPOINTMENT_EVENTS, maxDeliver: 10 })
  async onAppointment(event: EventEnvelope<EventPayload<typeof appointmentUpdatedEvent>>, manager: EntityManager): Promise<void> {
    const ids = { orgaId: event.data.orga_id, storeId: event.data.store_id };
    if (is(event, appointmentDeletedEvent)) {
      await DirectoryProjection.appointmentsDeleted(manager, ids, event.data.appointment_ids);
      return;
    }
    await DirectoryProjection.appointments(manager, { ...ids, groupId: event.data.recurring_group_id }, event.data.appointments ?? []);
  }

  @EventHandler({ durable: 'messaging-directory-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onOrgaCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    await DirectoryProjection.purgeOrga(manager, event.data.orga_id);
  }
}
