import { z } from 'zod';
import { defineRpc } from '../core';
import { storeFieldsSchema, storeSchema } from './identity-shapes';

/** PUT /api/v1/orga/{orga}/store/{store} (R3.04): organization administrators only; omitted fields stay. */
export const updateStoreRpc = defineRpc(
  'rpc.identity.store.update',
  storeFieldsSchema.partial().extend({ orga_id: z.string().uuid(), store_id: z.string().uuid() }),
  storeSchema,
);
