import { Controller } from '@nestjs/common';
import { campaignMessageStatusEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { CampaignService } from './campaign.service';

/** R3.11 messaging's campaign message statuses onto each campaign customer; the campaign's page refetches (R4.20). */
@Controller()
export class CampaignStatusHandlers {
  constructor(private readonly campaigns: CampaignService) {}

  @EventHandler({ durable: 'marketing-campaign-message-status', events: [campaignMessageStatusEvent], maxDeliver: 10 })
  async onStatus(event: EventEnvelope<EventPayload<typeof campaignMessageStatusEvent>>, manager: EntityManager): Promise<void> {
    const where = await this.campaigns.applyStatus(manager, event.data);
    if (where) await this.campaigns.touched(manager, where.orgaId, where.storeId, event.data.campaign_id);
  }
}
