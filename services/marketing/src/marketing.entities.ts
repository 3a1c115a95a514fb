import { AudienceAppointmentEntity, AudienceCustomerEntity, AudiencePetEntity, AudienceVisitEntity } from './audience/audience.entities';
import { CampaignCustomerEntity, CampaignEntity } from './campaign/campaign.entity';
import { MarketingInit1795540341888 } from './migrations/1795540341888-marketing-init';
import { MarketingCampaigns1795554000000 } from './migrations/1795554000000-marketing-campaigns';
import { MarketingOrgaTombstone1795565000000 } from './migrations/1795565000000-marketing-orga-tombstone';
import { OrgaTombstoneEntity } from './purge/orga-tombstone.entity';

export const MARKETING_ENTITIES = [
  CampaignEntity,
  CampaignCustomerEntity,
  AudienceCustomerEntity,
  AudiencePetEntity,
  AudienceAppointmentEntity,
  AudienceVisitEntity,
  OrgaTombstoneEntity,
];

export const MARKETING_MIGRATIONS = [MarketingInit1795540341888, MarketingCampaigns1795554000000, MarketingOrgaTombstone1795565000000];
