import { z } from 'zod';
import { defineRpc } from '../core';
import { storeScopeSchema } from './crm-shapes';

/** Deletes a customer with their pets and files. */
export const deleteCustomerRpc = defineRpc(
  'rpc.crm.customer.delete',
  z.strictObject({ ...storeScopeSchema, customer_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), customer_id: z.string().uuid(), pet_ids: z.array(z.string().uuid()), file_count: z.number().int() }),
);
