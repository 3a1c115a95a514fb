import type { ServiceDefinition } from '@pawline/nest-kit';
import { bookingConfigSchema } from './booking.config';
import { BOOKING_ENTITIES, BOOKING_MIGRATIONS } from './booking.entities';
import { BookingModule } from './booking.module';

export const bookingService: ServiceDefinition = {
  name: 'booking',
  module: BookingModule,
  entities: BOOKING_ENTITIES,
  migrations: BOOKING_MIGRATIONS,
  http: { defaultPort: 3105 },
  config: bookingConfigSchema,
};
