import type { ServiceDefinition } from '@pawline/nest-kit';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS } from './analytics.entities';
import { AnalyticsModule } from './analytics.module';

export const analyticsService: ServiceDefinition = {
  name: 'analytics',
  module: AnalyticsModule,
  entities: ANALYTICS_ENTITIES,
  migrations: ANALYTICS_MIGRATIONS,
  http: { defaultPort: 3108 },
};
