import type { ServiceDefinition } from '@pawline/nest-kit';
import { messagingConfigSchema } from './messaging.config';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from './messaging.entities';
import { MessagingModule } from './messaging.module';

export const messagingService: ServiceDefinition = {
  name: 'messaging',
  module: MessagingModule,
  entities: MESSAGING_ENTITIES,
  migrations: MESSAGING_MIGRATIONS,
  http: { defaultPort: 3104 },
  config: messagingConfigSchema,
};
