import type { ServiceDefinition } from '@pawline/nest-kit';
import { identityConfigSchema } from './identity.config';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './identity.entities';
import { IdentityModule } from './identity.module';

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: IdentityModule,
  entities: IDENTITY_ENTITIES,
  migrations: IDENTITY_MIGRATIONS,
  http: { defaultPort: 3101 },
  config: identityConfigSchema,
};
