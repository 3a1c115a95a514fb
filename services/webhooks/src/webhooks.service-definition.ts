import type { ServiceDefinition } from '@pawline/nest-kit';
import { webhooksConfigSchema } from './webhooks.config';
import { WEBHOOKS_ENTITIES, WEBHOOKS_MIGRATIONS } from './webhooks.entities';
import { WebhooksModule } from './webhooks.module';

export const webhooksService: ServiceDefinition = {
  name: 'webhooks',
  module: WebhooksModule,
  entities: WEBHOOKS_ENTITIES,
  migrations: WEBHOOKS_MIGRATIONS,
  http: { defaultPort: 3111 },
  config: webhooksConfigSchema,
};
