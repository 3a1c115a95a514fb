import { z } from 'zod';
import { defineRpc } from '../core';
import { storeSchema } from './identity-shapes';

/** GET /api/v1/orga/{orga}/store/{store}. Members who reach that store only. */
export const getStoreRpc = defineRpc(
  'rpc.identity.store.get',
  z.strictObject({ orga_id: z.string().uuid(), store_id: z.string().uuid() }),
  storeSchema,
);
