import { z } from 'zod';
import { defineRpc } from '../core';
import { storePublicIdSchema } from './public-shapes';

/**
 * The widget's phone check (no login): when the phone and the last name both match one customer of the store,
 * the names and kinds of their pets, so a known customer picks a pet instead of describing it. Nothing else of
 * the customer leaves the salon, and an unknown pair answers the same shape with known false.
 */
export const checkPublicCustomerRpc = defineRpc(
  'rpc.booking.public.customer-check',
  z.strictObject({ public_id: storePublicIdSchema, fon: z.string().trim().min(5).max(40), last_name: z.string().trim().min(1).max(100) }),
  z.object({
    known: z.boolean(),
    pets: z.array(
      z.object({
        pet_id: z.string().uuid(),
        name: z.string(),
        pet_type: z.number().int(),
        breed: z.string().nullable(),
        size: z.string().nullable(),
        hair: z.string().nullable(),
      }),
    ),
  }),
);
