import { loadKitConfig } from '@pawline/nest-kit';
import { retailService } from './retail.service-definition';

describe('retail service definition', () => {
  it('names its schema and queue group retail and listens for health on 3110', () => {
    const config = loadKitConfig(retailService, {});
    expect(config.serviceName).toBe('retail');
    expect(config.httpPort).toBe(3110);
  });

  it('takes its health port from PORT_RETAIL', () => {
    expect(loadKitConfig(retailService, { PORT_RETAIL: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(retailService.entities?.length).toBeGreaterThan(0);
    expect(retailService.migrations?.length).toBeGreaterThan(0);
  });
});
