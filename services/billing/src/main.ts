import { runService } from '@pawline/nest-kit';
import { billingService } from './billing.service-definition';

runService(billingService);
