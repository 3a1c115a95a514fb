import { Module } from '@nestjs/common';
import { EngagementHandlers } from './projection/engagement.handlers';
import { EngagementService } from './projection/engagement.service';
import { ProjectionHandlers } from './projection/projection.handlers';
import { ProjectionService } from './projection/projection.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { StatisticsHandlers } from './statistics/statistics.handlers';
import { StatisticsReadModel } from './statistics/statistics.read-model';
import { StatisticsService } from './statistics/statistics.service';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [ProjectionHandlers, EngagementHandlers, StatisticsHandlers, OrgaPurgeHandlers],
  providers: [ProjectionService, EngagementService, StatisticsReadModel, StatisticsService],
})
export class AnalyticsModule {}
