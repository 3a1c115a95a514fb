import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every webhooks table that holds an organization's rows (deliveries first: they refer to endpoints). */
const ORGA_TABLES = ['webhook_delivery', 'webhook_endpoint'] as const;

/** R1.17 a cancelled organization loses its webhooks data. */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'webhooks-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [event.data.orga_id]);
  }
}
