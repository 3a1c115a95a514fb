import { z } from 'zod';
import { defineRpc } from '../core';
import { customerDetailSchema, storeScopeSchema } from './crm-shapes';

/** R7.07 GET /api/v1/orga/{orga}/store/{store}/customer/{id} → customer, tags, external_services. */
export const getCustomerRpc = defineRpc(
  'rpc.crm.customer.get',
  z.strictObject({ ...storeScopeSchema, customer_id: z.string().uuid() }),
  customerDetailSchema,
);
