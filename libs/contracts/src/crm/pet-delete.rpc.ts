import { z } from 'zod';
import { defineRpc } from '../core';
import { storeScopeSchema } from './crm-shapes';

/** Deletes a pet with its images. */
export const deletePetRpc = defineRpc(
  'rpc.crm.pet.delete',
  z.strictObject({ ...storeScopeSchema, pet_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), pet_id: z.string().uuid() }),
);
