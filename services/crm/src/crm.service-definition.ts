import type { ServiceDefinition } from '@pawline/nest-kit';
import { crmConfigSchema } from './crm.config';
import { CRM_ENTITIES, CRM_MIGRATIONS } from './crm.entities';
import { CrmModule } from './crm.module';

export const crmService: ServiceDefinition = {
  name: 'crm',
  module: CrmModule,
  entities: CRM_ENTITIES,
  migrations: CRM_MIGRATIONS,
  http: { defaultPort: 3103 },
  config: crmConfigSchema,
};
