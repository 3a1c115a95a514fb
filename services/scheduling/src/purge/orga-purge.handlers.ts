import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { returnedRows } from '../appointment/appointment-rows';

/** R1.17 a cancelled organization loses its appointments, treatments, calendar feeds, staff hours and its days' versions. */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'scheduling-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    const orgaId = event.data.orga_id;
    // treatment and pet rows go with their appointments (ON DELETE CASCADE); the deletes set their
    // days' versions (triggers), which then go too
    const deleted = returnedRows<{ store_id: string }>(
      await manager.query(`DELETE FROM appointment WHERE orga_id = $1 RETURNING store_id`, [orgaId]),
    );
    const stores = [...new Set(deleted.map((row) => row.store_id))];
    if (stores.length > 0) await manager.query(`DELETE FROM calendar_day_version WHERE store_id = ANY($1::uuid[])`, [stores]);
    await manager.query(`DELETE FROM treatment WHERE orga_id = $1`, [orgaId]);
    await manager.query(`DELETE FROM calendar_feed WHERE orga_id = $1`, [orgaId]);
    await manager.query(`DELETE FROM pet_ref WHERE orga_id = $1`, [orgaId]);
    await manager.query(`DELETE FROM staff_hours WHERE orga_id = $1`, [orgaId]);
  }
}
