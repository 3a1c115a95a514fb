import { z } from 'zod';
import { defineRpc } from '../core';
import { personUserSchema } from './identity-shapes';

/** PUT /api/v1/user/rating (spec §4, R1.18): 1–5 stars, or -1 for 'No Thanks'; sets last_rating_time. */
export const rateAppRpc = defineRpc(
  'rpc.identity.user.rate',
  z.strictObject({
    rating: z
      .number()
      .int()
      .min(-1)
      .max(5)
      .refine((value) => value !== 0, 'rating is -1 or 1 to 5'),
    annotation: z.string().max(2000).optional(),
  }),
  personUserSchema,
);
