import { runService } from '@pawline/nest-kit';
import { marketingService } from './marketing.service-definition';

runService(marketingService);
