import { Controller } from '@nestjs/common';
import {
  APPOINTMENT_EVENTS,
  appointmentCreatedEvent,
  appointmentDeletedEvent,
  appointmentStatusByCustomerEvent,
  bookingSlotAcceptedEvent,
  isEvent,
  petCreatedEvent,
  petUpdatedEvent,
  type EventEnvelope,
} from '@pawline/contracts';
import type { ReminderAnswer } from '@pawline/domain';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { orgaWritable } from '../purge/orga-tombstone';
import { EngagementService } from './engagement.service';
import { ProjectionService } from './projection.service';

/** Every event the read model is built from, in one durable: one order, no two transactions on one appointment. */
export const PROJECTION_EVENTS = [...APPOINTMENT_EVENTS, petCreatedEvent, petUpdatedEvent, bookingSlotAcceptedEvent];

/**
 * R1.12 a customer's answer to a reminder: status_by_customer is only published for the customer's tap on a
 * reminder's button (messaging → scheduling), unlike a status staff set; its snapshot's version orders answers.
 */
export function answerOf(
  event: {
    orga_id: string;
    store_id: string;
    appointment_id: string;
    status: number;
    appointments?: { id: string; version: string }[] | undefined;
  },
  at: string,
): ReminderAnswer {
  return {
    orga_id: event.orga_id,
    store_id: event.store_id,
    appointment_id: event.appointment_id,
    version: event.appointments?.find((a) => a.id === event.appointment_id)?.version ?? at,
    status: event.status,
    answered_at: at,
  };
}

/** R1.12 statistics read from the other services' events, never their tables (docs/architecture.md, "Data"). */
@Controller()
export class ProjectionHandlers {
  constructor(
    private readonly projection: ProjectionService,
    private readonly engagement: EngagementService,
  ) {}

  @EventHandler({ durable: 'analytics-projection', events: PROJECTION_EVENTS, maxDeliver: 10 })
  async onEvent(event: EventEnvelope<Record<string, unknown>>, manager: EntityManager): Promise<void> {
    // R1.17 a cancelled organization's events that come after its purge are acknowledged and dropped
    if (!(await orgaWritable(manager, orgaOf(event)))) return;
    await applyEvent(this.projection, this.engagement, manager, event);
  }
}

/**
 * The organization an event of the read model belongs to: every one of them (PROJECTION_EVENTS,
 * ENGAGEMENT_EVENTS) carries orga_id in its payload, as each of its rows does.
 */
export function orgaOf(event: EventEnvelope<Record<string, unknown>>): string {
  const orgaId = event.data['orga_id'];
  if (typeof orgaId !== 'string') throw new Error(`${event.subject} ${event.id} has no orga_id`);
  return orgaId;
}

/** One event into the read model (the consumer and the rebuild share it). */
export async function applyEvent(
  projection: ProjectionService,
  engagement: EngagementService,
  manager: EntityManager,
  event: EventEnvelope<Record<string, unknown>>,
): Promise<void> {
  if (isEvent(event, petCreatedEvent) || isEvent(event, petUpdatedEvent)) {
    const pet = petCreatedEvent.payload.parse(event.data);
    await projection.applyPetOwner(manager, pet.orga_id, pet.pet_id, pet.customer_id);
    return;
  }
  if (isEvent(event, bookingSlotAcceptedEvent)) {
    const slot = bookingSlotAcceptedEvent.payload.parse(event.data);
    await projection.applyBookingAccepted(manager, slot, slot.appointment_id);
    return;
  }
  const change = appointmentCreatedEvent.payload.parse(event.data);
  const scope = { orga_id: change.orga_id, store_id: change.store_id };
  if (isEvent(event, appointmentDeletedEvent)) await projection.applyDeleted(manager, scope, change.appointment_ids);
  else await projection.applySnapshots(manager, scope, change.appointments ?? []);
  if (isEvent(event, appointmentStatusByCustomerEvent)) {
    const answer = appointmentStatusByCustomerEvent.payload.parse(event.data);
    await engagement.applyAnswer(manager, answerOf(answer, event.occurredAt));
  }
}
