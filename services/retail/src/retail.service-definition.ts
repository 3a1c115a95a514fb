import type { ServiceDefinition } from '@pawline/nest-kit';
import { RETAIL_ENTITIES, RETAIL_MIGRATIONS } from './retail.entities';
import { RetailModule } from './retail.module';

export const retailService: ServiceDefinition = {
  name: 'retail',
  module: RetailModule,
  entities: RETAIL_ENTITIES,
  migrations: RETAIL_MIGRATIONS,
  http: { defaultPort: 3110 },
};
