import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every billing table that holds an organization's rows. */
const ORGA_TABLES = [
  'stripe_customer',
  'sdi_transmission',
  'reminder_usage',
  'store_fact',
  'payment',
  'invoice',
  'billing_profile',
  'subscription',
] as const;

/** R1.17 a cancelled organization loses its billing data. */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'billing-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [event.data.orga_id]);
  }
}
