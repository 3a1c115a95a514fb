import { z } from 'zod';
import { defineRpc } from '../core';
import { storeSchema } from './identity-shapes';

/** GET /api/v1/orga/{orga}/store: stores of the organization the caller can reach (R6.04). Members only. */
export const listStoresRpc = defineRpc('rpc.identity.store.list', z.strictObject({ orga_id: z.string().uuid() }), z.array(storeSchema));
