import { z } from 'zod';
import { defineRpc } from '../core';
import { petDetailSchema, petFieldsSchema, storeScopeSchema, tagAssignmentInputSchema } from './crm-shapes';

/** Changes the named fields of a pet; tags, when given, replace the old ones. */
export const updatePetRpc = defineRpc(
  'rpc.crm.pet.update',
  z.strictObject({
    ...storeScopeSchema,
    pet_id: z.string().uuid(),
    ...petFieldsSchema.partial().shape,
    tags: z.array(tagAssignmentInputSchema).max(50).optional(),
  }),
  petDetailSchema,
);
