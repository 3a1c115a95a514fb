import { z } from 'zod';
import { defineRpc } from '../core';
import { customerDetailSchema, petDetailSchema, storedFileSchema, storeScopeSchema } from './crm-shapes';

/** A customer as JSON: their data, pets and the list of their files (and their pets' files). */
export const exportCustomerRpc = defineRpc(
  'rpc.crm.customer.export',
  z.strictObject({ ...storeScopeSchema, customer_id: z.string().uuid() }),
  customerDetailSchema.extend({
    exported_at: z.string(),
    pets: z.array(petDetailSchema),
    files: z.array(storedFileSchema),
  }),
);
