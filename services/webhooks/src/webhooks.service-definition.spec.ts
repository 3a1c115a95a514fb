import { loadKitConfig } from '@pawline/nest-kit';
import { webhooksService } from './webhooks.service-definition';

describe('webhooks service definition', () => {
  it('names its schema and queue group webhooks and listens for health on 3111', () => {
    const config = loadKitConfig(webhooksService, {});
    expect(config.serviceName).toBe('webhooks');
    expect(config.httpPort).toBe(3111);
  });

  it('takes its health port from PORT_WEBHOOKS', () => {
    expect(loadKitConfig(webhooksService, { PORT_WEBHOOKS: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(webhooksService.entities?.length).toBeGreaterThan(0);
    expect(webhooksService.migrations?.length).toBeGreaterThan(0);
  });
});
