import { z } from 'zod';
import { defineRpc } from '../core';
import { storePublicIdSchema } from './public-shapes';

/**
 * A proof-of-work challenge for one booking request (no login, no third-party captcha): find a nonce so that
 * SHA-256(challenge + ':' + nonce) starts with `difficulty` zero bits. Signed by the service, valid 10 minutes,
 * accepted once.
 */
export const publicChallengeSchema = z.object({ challenge: z.string(), difficulty: z.number().int(), expires_at: z.string() });
export type PublicChallenge = z.infer<typeof publicChallengeSchema>;

export const getPublicChallengeRpc = defineRpc(
  'rpc.booking.public.challenge',
  z.strictObject({ public_id: storePublicIdSchema }),
  publicChallengeSchema,
);
