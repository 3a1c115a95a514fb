import { z } from 'zod';
import { defineRpc } from '../core';
import { serviceTimeSchema } from './booking-shapes';

/** R7.06 GET /api/v1/orga/{orga}/treatments/additional_info: the service-time matrix (members). */
export const listServiceTimesRpc = defineRpc(
  'rpc.booking.service-time.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ v: z.array(serviceTimeSchema) }),
);
