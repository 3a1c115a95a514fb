import { z } from 'zod';
import { defineRpc } from '../core';
import { petDetailSchema, storeScopeSchema } from './crm-shapes';

/** R7.07 GET /api/v1/orga/{orga}/store/{store}/pet/{id} → pet, tags. */
export const getPetRpc = defineRpc('rpc.crm.pet.get', z.strictObject({ ...storeScopeSchema, pet_id: z.string().uuid() }), petDetailSchema);
