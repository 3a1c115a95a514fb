import { z } from 'zod';
import { defineRpc } from '../core';
import { serviceTimeInputSchema, serviceTimeSchema } from './booking-shapes';

/**
 * Writes cells of the service-time matrix in one transaction (organization administrators): an entry with
 * minutes sets its combination, minutes null removes it. Answers the whole matrix as it is now.
 */
export const saveServiceTimesRpc = defineRpc(
  'rpc.booking.service-time.save',
  z.strictObject({ orga_id: z.string().uuid(), entries: z.array(serviceTimeInputSchema).min(1).max(500) }),
  z.object({ v: z.array(serviceTimeSchema) }),
);
