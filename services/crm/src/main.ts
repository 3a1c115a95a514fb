import { runService } from '@pawline/nest-kit';
import { crmService } from './crm.service-definition';
runService(crmService);
