import { Controller } from '@nestjs/common';
import {
  APPOINTMENT_EVENTS,
  appointmentDeletedEvent,
  appointmentUpdatedEvent,
  getMemberRpc,
  memberChangedEvent,
  storeCreatedEvent,
  storeDeletedEvent,
  storeUpdatedEvent,
  subscriptionChangedEvent,
  treatmentCreatedEvent,
  treatmentUpdatedEvent,
  isEvent as is,
  type EventEnvelope,
  type EventPayload,
  type OrgaUserDetail,
} from '@pawline/contracts';
import { EventHandler, NatsRpcClient, RpcError } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { WaitlistService } from '../waitlist/waitlist.service';
import { BookingDirectory } from './directory-projection';

/**
 * What booking keeps of identity's stores and members and scheduling's treatments and appointments: one durable
 * per entity, so an entity's own events arrive in their order, and versions for the rest.
 */
@Controller()
export class DirectoryHandlers {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly waitlist: WaitlistService,
  ) {}

  @EventHandler({ durable: 'booking-directory-store', events: [storeCreatedEvent, storeUpdatedEvent, storeDeletedEvent], maxDeliver: 10 })
  async onStore(event: EventEnvelope<EventPayload<typeof storeCreatedEvent>>, manager: EntityManager): Promise<void> {
    const ids = { orgaId: event.data.orga_id, storeId: event.data.store_id };
    if (is(event, storeDeletedEvent)) await BookingDirectory.storeDeleted(manager, ids);
    else await BookingDirectory.store(manager, ids, event.data, event.occurredAt);
  }

  /** member.changed names no one: identity's service-only member.get gives the first name and whether they are active. */
  @EventHandler({ durable: 'booking-directory-member', events: [memberChangedEvent], maxDeliver: 10 })
  async onMember(event: EventEnvelope<EventPayload<typeof memberChangedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, user_id } = event.data;
    let detail: OrgaUserDetail | null = null;
    try {
      detail = await this.rpc.call(getMemberRpc, { orga_id, user_id }, { auth: null, lang: 'en' });
    } catch (error) {
      if (!(error instanceof RpcError && error.code === 'not_found')) throw error;
    }
    await BookingDirectory.member(manager, orga_id, user_id, detail);
  }

  @EventHandler({ durable: 'booking-directory-treatment', events: [treatmentCreatedEvent, treatmentUpdatedEvent], maxDeliver: 10 })
  async onTreatment(event: EventEnvelope<EventPayload<typeof treatmentCreatedEvent>>, manager: EntityManager): Promise<void> {
    await BookingDirectory.treatment(manager, event.data.orga_id, event.data.treatment, event.occurredAt);
  }

  @EventHandler({ durable: 'booking-directory-appointment', events: APPOINTMENT_EVENTS, maxDeliver: 10 })
  async onAppointment(event: EventEnvelope<EventPayload<typeof appointmentUpdatedEvent>>, manager: EntityManager): Promise<void> {
    const ids = { orgaId: event.data.orga_id, storeId: event.data.store_id };
    const changes = is(event, appointmentDeletedEvent)
      ? await BookingDirectory.appointmentsDeleted(manager, ids, event.data.appointment_ids)
      : await BookingDirectory.appointments(manager, ids, event.data.appointments ?? []);
    // issue 30 time given back (cancelled, declined, missed, shortened, moved, deleted) goes to the waitlist at once
    for (const change of changes) await this.waitlist.appointmentChanged(manager, ids, change.appointmentId, change.before, change.after);
  }

  /** billing's plan of the organization: the public widget refuses a store whose plan lacks online booking (ADR 0031). */
  @EventHandler({ durable: 'booking-directory-plan', events: [subscriptionChangedEvent], maxDeliver: 10 })
  async onPlan(event: EventEnvelope<EventPayload<typeof subscriptionChangedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, tier, limits } = event.data;
    await manager.query(
      `INSERT INTO booking_orga_plan (orga_id, tier, plan_limits, version) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (orga_id) DO UPDATE SET tier = EXCLUDED.tier, plan_limits = EXCLUDED.plan_limits, version = EXCLUDED.version
       WHERE booking_orga_plan.version <= EXCLUDED.version`,
      [orga_id, tier, tier === 5 && limits ? JSON.stringify(limits) : null, event.occurredAt],
    );
  }
}
