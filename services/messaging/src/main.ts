import { runService } from '@pawline/nest-kit';
import { messagingService } from './messaging.service-definition';

runService(messagingService);
