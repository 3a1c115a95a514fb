import { Module } from '@nestjs/common';
import { AudienceProjectionHandlers } from './audience/audience-projection.handlers';
import { AudienceService } from './audience/audience.service';
import { CampaignScheduler } from './campaign/campaign-scheduler';
import { CampaignStatusHandlers } from './campaign/campaign-status.handlers';
import { CampaignHandlers } from './campaign/campaign.handlers';
import { CampaignService } from './campaign/campaign.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [CampaignHandlers, CampaignStatusHandlers, AudienceProjectionHandlers, OrgaPurgeHandlers],
  providers: [CampaignService, AudienceService, CampaignScheduler],
})
export class MarketingModule {}
