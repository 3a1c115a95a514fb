import { Controller } from '@nestjs/common';
import {
  APPOINTMENT_EVENTS,
  appointmentDeletedEvent,
  appointmentNotesEvent,
  appointmentUpdatedEvent,
  customerCreatedEvent,
  customerDeletedEvent,
  customerUpdatedEvent,
  petCreatedEvent,
  petDeletedEvent,
  petUpdatedEvent,
  isEvent,
  tagDeletedEvent,
  type EventEnvelope,
  type EventPayload,
} from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { orgaWritable } from '../purge/orga-tombstone';
import { AudienceProjection } from './audience-projection';

/** An appointment's events but its notes: a note changes nothing an audience counts. */
export const AUDIENCE_APPOINTMENT_EVENTS = APPOINTMENT_EVENTS.filter((contract) => contract !== appointmentNotesEvent);

/**
 * R1.07 the audience's read model from crm's and scheduling's events (marketing never reads their tables):
 * one durable per entity, so an entity's own events arrive in their order, and versions for the rest. Each
 * takes its organization's lock first and acknowledges without writing the events of a purged organization
 * (R1.17): its durable may be behind the purge's, and those events would bring the organization back.
 */
@Controller()
export class AudienceProjectionHandlers {
  @EventHandler({
    durable: 'marketing-audience-customer',
    events: [customerCreatedEvent, customerUpdatedEvent, customerDeletedEvent, tagDeletedEvent],
    maxDeliver: 10,
  })
  async onCustomer(event: EventEnvelope<EventPayload<typeof customerUpdatedEvent>>, manager: EntityManager): Promise<void> {
    if (!(await orgaWritable(manager, event.data.orga_id))) return;
    if (isEvent(event, tagDeletedEvent)) {
      const tag = event.data as unknown as EventPayload<typeof tagDeletedEvent>;
      await AudienceProjection.tagDeleted(manager, tag.orga_id, tag.tag_id);
      return;
    }
    if (isEvent(event, customerDeletedEvent)) {
      await AudienceProjection.customerDeleted(manager, event.data.orga_id, event.data.customer_id);
      return;
    }
    // a change that touched no field of the customer (a privacy file) carries no snapshot
    if (!event.data.customer) return;
    await AudienceProjection.customer(
      manager,
      { orgaId: event.data.orga_id, storeId: event.data.store_id, customerId: event.data.customer_id },
      event.data.customer,
    );
  }

  @EventHandler({ durable: 'marketing-audience-pet', events: [petCreatedEvent, petUpdatedEvent, petDeletedEvent], maxDeliver: 10 })
  async onPet(event: EventEnvelope<EventPayload<typeof petUpdatedEvent>>, manager: EntityManager): Promise<void> {
    if (!(await orgaWritable(manager, event.data.orga_id))) return;
    if (isEvent(event, petDeletedEvent)) {
      await AudienceProjection.petDeleted(manager, event.data.pet_id);
      return;
    }
    await AudienceProjection.pet(manager, event.data.orga_id, event.data.pet_id, event.data.customer_id);
  }

  @EventHandler({ durable: 'marketing-audience-appointment', events: AUDIENCE_APPOINTMENT_EVENTS, maxDeliver: 10 })
  async onAppointment(event: EventEnvelope<EventPayload<typeof appointmentUpdatedEvent>>, manager: EntityManager): Promise<void> {
    if (!(await orgaWritable(manager, event.data.orga_id))) return;
    if (isEvent(event, appointmentDeletedEvent)) {
      await AudienceProjection.appointmentsDeleted(manager, event.data.orga_id, event.data.appointment_ids);
      return;
    }
    await AudienceProjection.appointments(manager, event.data.orga_id, event.data.appointments ?? []);
  }
}
