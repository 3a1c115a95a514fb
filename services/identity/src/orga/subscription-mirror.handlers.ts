import { Controller } from '@nestjs/common';
import { orgaUpdatedEvent, subscriptionChangedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler, OutboxService } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/**
 * Billing owns plans and paid periods; identity keeps the organization's tier, subscribed_since and
 * subscribed_until from billing's event (docs/adr/0028) and tells every member's open client through
 * evt.identity.orga.updated.v1, which also drops the guards' cached membership (R4.21).
 */
@Controller()
export class SubscriptionMirrorHandlers {
  constructor(private readonly outbox: OutboxService) {}

  @EventHandler({ durable: 'identity-subscription-mirror', events: [subscriptionChangedEvent], maxDeliver: 10 })
  async onSubscriptionChanged(event: EventEnvelope<EventPayload<typeof subscriptionChangedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, tier, subscribed_since, subscribed_until, limits } = event.data;
    // the Customized plan's limits travel with the tier (docs/adr/0031); any other plan drops them
    const planLimits = tier === 5 && limits ? JSON.stringify(limits) : null;
    const updated = await manager.query<unknown[]>(
      `UPDATE organization SET tier = $2, subscribed_since = $3, subscribed_until = $4, plan_limits = $5::jsonb WHERE id = $1 RETURNING id`,
      [orga_id, tier, subscribed_since, subscribed_until, planLimits],
    );
    // pg answers [rows, count] for an UPDATE … RETURNING through TypeORM's query
    const rows = Array.isArray(updated[0]) ? (updated[0] as unknown[]) : updated;
    if (rows.length === 0) return;
    await this.outbox.add(
      manager,
      orgaUpdatedEvent,
      { orga_id, fields: ['tier', 'subscribed_since', 'subscribed_until'] },
      { orgaId: orga_id, storeId: null, actor: event.actor },
    );
  }
}
