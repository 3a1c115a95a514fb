import { runService } from '@pawline/nest-kit';
import { analyticsService } from './analytics.service-definition';

runService(analyticsService);
