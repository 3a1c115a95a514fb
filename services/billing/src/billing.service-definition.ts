import type { ServiceDefinition } from '@pawline/nest-kit';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from './billing.entities';
import { BillingModule } from './billing.module';

export const billingService: ServiceDefinition = {
  name: 'billing',
  module: BillingModule,
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  http: { defaultPort: 3107 },
};
