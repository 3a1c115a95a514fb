import { loadKitConfig } from '@pawline/nest-kit';
import { marketingService } from './marketing.service-definition';

describe('marketing service definition', () => {
  it('names its schema and queue group marketing and listens for health on 3106', () => {
    const config = loadKitConfig(marketingService, {});
    expect(config.serviceName).toBe('marketing');
    expect(config.httpPort).toBe(3106);
  });

  it('takes its health port from PORT_MARKETING', () => {
    expect(loadKitConfig(marketingService, { PORT_MARKETING: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(marketingService.entities?.length).toBeGreaterThan(0);
    expect(marketingService.migrations?.length).toBeGreaterThan(0);
  });
});
