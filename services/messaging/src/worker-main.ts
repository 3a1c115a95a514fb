import { runService } from '@pawline/nest-kit';
import { messagingWorkerService } from './messaging-worker.service-definition';

runService(messagingWorkerService);
