import { z } from 'zod';
import { defineRpc } from '../core';
import {
  customerDetailSchema,
  customerExternalIdInputSchema,
  customerFieldsSchema,
  storeScopeSchema,
  tagAssignmentInputSchema,
} from './crm-shapes';

/** Changes the named fields of a customer; tags and external_services, when given, replace the old ones. */
export const updateCustomerRpc = defineRpc(
  'rpc.crm.customer.update',
  z.strictObject({
    ...storeScopeSchema,
    customer_id: z.string().uuid(),
    ...customerFieldsSchema.partial().shape,
    tags: z.array(tagAssignmentInputSchema).max(50).optional(),
    external_services: z.array(customerExternalIdInputSchema).max(50).optional(),
  }),
  customerDetailSchema,
);
