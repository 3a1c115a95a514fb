import { z } from 'zod';
import { defineRpc } from '../core';
import { storeFieldsSchema, storeSchema } from './identity-shapes';

/** POST /api/v1/orga/{orga}/store (R3.04): organization administrators only. */
export const createStoreRpc = defineRpc('rpc.identity.store.create', storeFieldsSchema.extend({ orga_id: z.string().uuid() }), storeSchema);
