import type { ServiceDefinition } from '@pawline/nest-kit';
import { SCHEDULING_ENTITIES, SCHEDULING_MIGRATIONS } from './scheduling.entities';
import { SchedulingModule } from './scheduling.module';

export const schedulingService: ServiceDefinition = {
  name: 'scheduling',
  module: SchedulingModule,
  entities: SCHEDULING_ENTITIES,
  migrations: SCHEDULING_MIGRATIONS,
  http: { defaultPort: 3102 },
};
