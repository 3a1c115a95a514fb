import { z } from 'zod';
import { defineRpc } from '../core';
import {
  customerDetailSchema,
  customerExternalIdInputSchema,
  customerFieldsSchema,
  storeScopeSchema,
  tagAssignmentInputSchema,
} from './crm-shapes';

/** Creates a customer in a store (pet write access), with ordered tags and external ids. */
export const createCustomerRpc = defineRpc(
  'rpc.crm.customer.create',
  customerFieldsSchema.extend({
    ...storeScopeSchema,
    tags: z.array(tagAssignmentInputSchema).max(50).default([]),
    external_services: z.array(customerExternalIdInputSchema).max(50).default([]),
  }),
  customerDetailSchema,
);
