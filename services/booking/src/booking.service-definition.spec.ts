import { loadKitConfig } from '@pawline/nest-kit';
import { bookingService } from './booking.service-definition';

describe('booking service definition', () => {
  it('names its schema and queue group booking and listens for health on 3105', () => {
    const config = loadKitConfig(bookingService, {});
    expect(config.serviceName).toBe('booking');
    expect(config.httpPort).toBe(3105);
  });

  it('takes its health port from PORT_BOOKING', () => {
    expect(loadKitConfig(bookingService, { PORT_BOOKING: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(bookingService.entities?.length).toBeGreaterThan(0);
    expect(bookingService.migrations?.length).toBeGreaterThan(0);
  });
});
