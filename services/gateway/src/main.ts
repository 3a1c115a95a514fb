import { runService } from '@pawline/nest-kit';
import { gatewayService } from './gateway.service-definition';
runService(gatewayService);
