import type { ServiceDefinition } from '@pawline/nest-kit';
import { MARKETING_ENTITIES, MARKETING_MIGRATIONS } from './marketing.entities';
import { MarketingModule } from './marketing.module';

export const marketingService: ServiceDefinition = {
  name: 'marketing',
  module: MarketingModule,
  entities: MARKETING_ENTITIES,
  migrations: MARKETING_MIGRATIONS,
  http: { defaultPort: 3106 },
};
