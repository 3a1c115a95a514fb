import { z } from 'zod';
import { defineRpc } from '../core';
import { LANGUAGES } from '../core/languages';
import { publicChallengeSchema } from './public-challenge.rpc';
import { publicAvailabilitySchema, publicPetInputSchema, storePublicIdSchema } from './public-shapes';

/**
 * A customer asks for a slot (no login). The slot token of the availability answer and a solved challenge
 * are required. The database holds the slot: of requests racing for one groomer's time exactly one is 'booked',
 * the others 'taken' with fresh availability and a fresh challenge, so choosing again costs the customer no extra
 * call (the gateway answers those 409).
 */
export const createPublicBookingRequestRpc = defineRpc(
  'rpc.booking.public.request',
  z.strictObject({
    public_id: storePublicIdSchema,
    slot_token: z.string().min(10).max(1000),
    starts_at: z.string().datetime({ offset: true }),
    /** the groomer chosen, or null for any of those the token names */
    user_id: z.string().uuid().nullable().default(null),
    treatment_ids: z.array(z.string().uuid()).min(1).max(10),
    pets: z.array(publicPetInputSchema).min(1).max(5),
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    fon: z.string().trim().min(5).max(40),
    email: z.string().trim().email().max(254).nullable().default(null),
    notes: z.string().trim().max(500).nullable().default(null),
    consent_messages: z.boolean().default(false),
    consent_reminders: z.boolean().default(false),
    consent_marketing: z.boolean().default(false),
    /** privacy terms of the salon: must be true */
    accept_privacy: z.literal(true),
    language: z.enum(LANGUAGES).default('en'),
    challenge: z.string().min(10).max(500),
    nonce: z.string().min(1).max(40),
  }),
  z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('booked'),
      slot_id: z.string().uuid(),
      date: z.string(),
      time: z.string(),
      duration: z.number().int(),
      groomer_first_name: z.string().nullable(),
    }),
    z.object({ outcome: z.literal('taken'), availability: publicAvailabilitySchema, challenge: publicChallengeSchema }),
  ]),
);
