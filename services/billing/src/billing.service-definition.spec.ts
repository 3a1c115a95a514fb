import { loadKitConfig } from '@pawline/nest-kit';
import { billingService } from './billing.service-definition';

describe('billing service definition', () => {
  it('names its schema and queue group billing and listens for health on 3107', () => {
    const config = loadKitConfig(billingService, {});
    expect(config.serviceName).toBe('billing');
    expect(config.httpPort).toBe(3107);
  });

  it('takes its health port from PORT_BILLING', () => {
    expect(loadKitConfig(billingService, { PORT_BILLING: '4999' }).httpPort).toBe(4999);
  });

  it('has a migration for every entity it maps', () => {
    expect(billingService.entities?.length).toBeGreaterThan(0);
    expect(billingService.migrations?.length).toBeGreaterThan(0);
  });
});
