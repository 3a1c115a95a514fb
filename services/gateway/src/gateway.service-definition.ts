import type { ServiceDefinition } from '@pawline/nest-kit';
import { gatewayConfigSchema } from './gateway-config';
import { configureGateway, GatewayModule } from './gateway.module';

export const gatewayService: ServiceDefinition = {
  name: 'gateway',
  module: GatewayModule,
  database: false,
  // PORT (or the kit's PORT_GATEWAY) moves it
  http: { defaultPort: Number(process.env['PORT']) || 3000 },
  config: gatewayConfigSchema,
  configure: configureGateway,
};
