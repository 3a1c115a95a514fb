import { Controller } from '@nestjs/common';
import {
  REMINDER_STATUS,
  orgaCreatedEvent,
  reminderStatusChangedEvent,
  storeCreatedEvent,
  storeDeletedEvent,
  type EventEnvelope,
  type EventPayload,
} from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { billingDate } from '../subscription/billing-dates';
import { SubscriptionStore } from '../subscription/subscription.store';

/** What billing learns from identity (organizations and stores) and messaging (reminders sent). */
@Controller()
export class FactsHandlers {
  constructor(private readonly store: SubscriptionStore) {}

  @EventHandler({ durable: 'billing-orga-created', events: [orgaCreatedEvent], maxDeliver: 5 })
  async onOrgaCreated(event: EventEnvelope<EventPayload<typeof orgaCreatedEvent>>, manager: EntityManager): Promise<void> {
    await this.store.startTrial(manager, event.data.orga_id, new Date(event.data.created_at), new Date(event.data.trial_ends_at));
  }

  @EventHandler({ durable: 'billing-stores', events: [storeCreatedEvent, storeDeletedEvent], maxDeliver: 5 })
  async onStore(
    event: EventEnvelope<EventPayload<typeof storeCreatedEvent> | EventPayload<typeof storeDeletedEvent>>,
    manager: EntityManager,
  ): Promise<void> {
    if (event.subject === storeDeletedEvent.subject) {
      await manager.query(`DELETE FROM store_fact WHERE store_id = $1`, [event.data.store_id]);
      return;
    }
    await manager.query(`INSERT INTO store_fact (store_id, orga_id) VALUES ($1, $2) ON CONFLICT (store_id) DO NOTHING`, [
      event.data.store_id,
      event.data.orga_id,
    ]);
  }

  /** R9.02 a reminder counts once, when messaging reports it sent (later statuses of it do not count again). */
  @EventHandler({ durable: 'billing-reminders', events: [reminderStatusChangedEvent], maxDeliver: 5 })
  async onReminder(event: EventEnvelope<EventPayload<typeof reminderStatusChangedEvent>>, manager: EntityManager): Promise<void> {
    if (event.data.reminder_status === REMINDER_STATUS.failed || event.data.reminder_status === REMINDER_STATUS.in_process) return;
    const at = new Date(event.occurredAt);
    await manager.query(
      `INSERT INTO reminder_usage (outbound_id, orga_id, period, sent_at) VALUES ($1, $2, $3, $4) ON CONFLICT (outbound_id) DO NOTHING`,
      [event.data.outbound_id, event.data.orga_id, billingDate(at).slice(0, 7), at],
    );
  }
}
