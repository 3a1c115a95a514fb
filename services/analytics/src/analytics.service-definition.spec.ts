import { loadKitConfig } from '@pawline/nest-kit';
import { analyticsService } from './analytics.service-definition';

describe('analytics service definition', () => {
  it('names its schema and queue group analytics and listens for health on 3108', () => {
    const config = loadKitConfig(analyticsService, {});
    expect(config.serviceName).toBe('analytics');
    expect(config.httpPort).toBe(3108);
  });

  it('takes its health port from PORT_ANALYTICS', () => {
    expect(loadKitConfig(analyticsService, { PORT_ANALYTICS: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(analyticsService.entities?.length).toBeGreaterThan(0);
    expect(analyticsService.migrations?.length).toBeGreaterThan(0);
  });
});
