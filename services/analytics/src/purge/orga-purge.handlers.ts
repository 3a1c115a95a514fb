import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { READ_MODEL_TABLES } from '../projection/read-model-tables';
import { lockOrga, recordTombstone } from './orga-tombstone';

/**
 * R1.17 a cancelled organization loses its analytics data, for good: under the organization's lock its
 * tombstone is recorded with the delete, so the projection and engagement consumers that are behind this one
 * (their own durables) write nothing of it again, and a rebuild drops it (orga-tombstone.ts).
 */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'analytics-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    const orgaId = event.data.orga_id;
    await lockOrga(manager, orgaId);
    await recordTombstone(manager, orgaId, event.occurredAt);
    for (const table of READ_MODEL_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [orgaId]);
  }
}
