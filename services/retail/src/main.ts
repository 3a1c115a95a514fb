import { runService } from '@pawline/nest-kit';
import { retailService } from './retail.service-definition';

runService(retailService);
