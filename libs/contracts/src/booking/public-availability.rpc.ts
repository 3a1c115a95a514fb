import { z } from 'zod';
import { defineRpc } from '../core';
import { calendarDateSchema } from '../core/input-values';
import { publicAvailabilitySchema, publicPetInputSchema, storePublicIdSchema } from './public-shapes';

/** Free slots for the chosen pets and treatments, with one groomer or any, from a day for up to 14 days (no login). */
export const getPublicAvailabilityRpc = defineRpc(
  'rpc.booking.public.availability',
  z.strictObject({
    public_id: storePublicIdSchema,
    from: calendarDateSchema,
    days: z.number().int().min(1).max(14).default(7),
    pets: z.array(publicPetInputSchema).min(1).max(5),
    treatment_ids: z.array(z.string().uuid()).min(1).max(10),
    user_id: z.string().uuid().nullable().default(null),
  }),
  publicAvailabilitySchema,
);
