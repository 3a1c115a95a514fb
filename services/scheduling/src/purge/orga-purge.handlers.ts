import { Injectable } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/** R1.17 a cancelled organization loses its appointments, treatments and calendar feeds. */
@Injectable()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'scheduling-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    const orgaId = event.data.orga_id;
    // treatment and pet rows go with their appointments (ON DELETE CASCADE)
    await manager.query(`DELETE FROM appointment WHERE orga_id = $1`, [orgaId]);
    await manager.query(`DELETE FROM treatment WHERE orga_id = $1`, [orgaId]);
    await manager.query(`DELETE FROM calendar_feed WHERE orga_id = $1`, [orgaId]);
  }
}
