import { z } from 'zod';
import { defineRpc } from '../core';
import { petDetailSchema, petFieldsSchema, storeScopeSchema, tagAssignmentInputSchema } from './crm-shapes';

/** Creates a pet for a customer (pet write access). */
export const createPetRpc = defineRpc(
  'rpc.crm.pet.create',
  petFieldsSchema.extend({
    ...storeScopeSchema,
    customer_id: z.string().uuid(),
    tags: z.array(tagAssignmentInputSchema).max(50).default([]),
  }),
  petDetailSchema,
);
