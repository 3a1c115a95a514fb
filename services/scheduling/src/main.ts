import { runService } from '@pawline/nest-kit';
import { schedulingService } from './scheduling.service-definition';

runService(schedulingService);
