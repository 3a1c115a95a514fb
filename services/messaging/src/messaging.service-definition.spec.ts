import { loadKitConfig } from '@pawline/nest-kit';
import { messagingService } from './messaging.service-definition';

describe('messaging service definition', () => {
  it('names its schema and queue group messaging and listens for health on 3104', () => {
    const config = loadKitConfig(messagingService, {});
    expect(config.serviceName).toBe('messaging');
    expect(config.httpPort).toBe(3104);
  });

  it('takes its health port from PORT_MESSAGING', () => {
    expect(loadKitConfig(messagingService, { PORT_MESSAGING: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(messagingService.entities?.length).toBeGreaterThan(0);
    expect(messagingService.migrations?.length).toBeGreaterThan(0);
  });
});
