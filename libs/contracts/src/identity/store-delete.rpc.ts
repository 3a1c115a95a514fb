import { z } from 'zod';
import { defineRpc } from '../core';

/** DELETE /api/v1/orga/{orga}/store/{store}: organization administrators only; the last store stays (conflict). */
export const deleteStoreRpc = defineRpc(
  'rpc.identity.store.delete',
  z.strictObject({ orga_id: z.string().uuid(), store_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true) }),
);
