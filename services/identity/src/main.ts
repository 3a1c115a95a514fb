import { runService } from '@pawline/nest-kit';
import { identityService } from './identity.service-definition';
runService(identityService);
