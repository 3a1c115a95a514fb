import { runService } from '@pawline/nest-kit';
import { bookingService } from './booking.service-definition';

runService(bookingService);
