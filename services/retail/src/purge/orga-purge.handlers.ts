import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** Every retail table that holds an organization's rows. */
const ORGA_TABLES = [
  'sale_tip',
  'sale_return',
  'sale_line',
  'sale',
  'commission_rule',
  'till_counter',
  'stock_movement',
  'stock_level',
  'supplier',
  'product',
] as const;

/** R1.17 a cancelled organization loses its retail data. */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'retail-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [event.data.orga_id]);
  }
}
