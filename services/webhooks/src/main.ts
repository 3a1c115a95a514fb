import { runService } from '@pawline/nest-kit';
import { webhooksService } from './webhooks.service-definition';

runService(webhooksService);
