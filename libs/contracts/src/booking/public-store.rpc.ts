import { z } from 'zod';
import { defineRpc } from '../core';
import { publicStoreSchema, storePublicIdSchema } from './public-shapes';

/** GET /api/v1/public/booking/{store public id}: no login; not_found when the id is unknown or booking is off. */
export const getPublicBookingStoreRpc = defineRpc(
  'rpc.booking.public.store',
  z.strictObject({ public_id: storePublicIdSchema }),
  publicStoreSchema,
);
