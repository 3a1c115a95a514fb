import type { ServiceDefinition } from '@pawline/nest-kit';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from './billing.entities';
import { BillingModule } from './billing.module';
import { billingConfigSchema } from './payment/payment.config';

export const billingService: ServiceDefinition = {
  name: 'billing',
  module: BillingModule,
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  config: billingConfigSchema,
  http: { defaultPort: 3107 },
};
