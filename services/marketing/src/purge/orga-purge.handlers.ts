import { Controller } from '@nestjs/common';
import { orgaCancelledEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { lockOrga, recordTombstone } from './orga-tombstone';

/**
 * Every marketing table that holds an organization's rows. The campaign goes before its customers: a send
 * that holds the campaign's row (CampaignService.sendOneDue) makes the purge wait, and the campaign
 * customers it committed meanwhile are then deleted too.
 */
const ORGA_TABLES = [
  'campaign',
  'campaign_customer',
  'audience_visit',
  'audience_appointment',
  'audience_pet',
  'audience_customer',
] as const;

/**
 * R1.17 a cancelled organization loses its marketing data, for good: under the organization's lock its
 * tombstone is recorded with the delete, so the audience consumers that are behind this one (their own
 * durables) and a campaign created meanwhile write nothing of it again (orga-tombstone.ts).
 */
@Controller()
export class OrgaPurgeHandlers {
  @EventHandler({ durable: 'marketing-orga-purge', events: [orgaCancelledEvent], maxDeliver: 5 })
  async onCancelled(event: EventEnvelope<EventPayload<typeof orgaCancelledEvent>>, manager: EntityManager): Promise<void> {
    const orgaId = event.data.orga_id;
    await lockOrga(manager, orgaId);
    await recordTombstone(manager, orgaId, event.occurredAt);
    for (const table of ORGA_TABLES) await manager.query(`DELETE FROM ${table} WHERE orga_id = $1`, [orgaId]);
  }
}
