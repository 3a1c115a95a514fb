import { AnalyticsStatistics1795555000000 } from './migrations/1795555000000-analytics-statistics';
import { AnalyticsEngagement1795561000000 } from './migrations/1795561000000-analytics-engagement';
import { AnalyticsMomentOrgaSlot1795567000000 } from './migrations/1795567000000-analytics-moment-orga-slot';
import { AnalyticsOrgaTombstone1795568000000 } from './migrations/1795568000000-analytics-orga-tombstone';
import {
  AppointmentFactEntity,
  CustomerSpanEntity,
  CustomerVisitDayEntity,
  CustomerVisitMonthEntity,
  FactPetEntity,
  PetOwnerEntity,
  StatCellEntity,
} from './projection/analytics.entities';
import {
  CampaignFactEntity,
  CampaignMessageFactEntity,
  MomentCellEntity,
  ReminderAnswerEntity,
  ReminderFactEntity,
  WorkRuleEntity,
} from './projection/engagement.entities';
import { OrgaTombstoneEntity } from './purge/orga-tombstone.entity';

export const ANALYTICS_ENTITIES = [
  AppointmentFactEntity,
  FactPetEntity,
  PetOwnerEntity,
  StatCellEntity,
  CustomerVisitDayEntity,
  CustomerVisitMonthEntity,
  CustomerSpanEntity,
  ReminderFactEntity,
  ReminderAnswerEntity,
  CampaignFactEntity,
  CampaignMessageFactEntity,
  MomentCellEntity,
  WorkRuleEntity,
  OrgaTombstoneEntity,
];

export const ANALYTICS_MIGRATIONS = [
  AnalyticsStatistics1795555000000,
  AnalyticsEngagement1795561000000,
  AnalyticsMomentOrgaSlot1795567000000,
  AnalyticsOrgaTombstone1795568000000,
];
