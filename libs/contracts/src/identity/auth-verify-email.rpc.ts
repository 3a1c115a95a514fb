import { z } from 'zod';
import { defineRpc } from '../core';
import { sessionTokensSchema } from './identity-shapes';

/**
 * E-mail validation by token or link (R1.13); tokens are single-use and expire after 48 h.
 * Issue 29: confirming the registration address signs the person in (`session`); confirming a
 * changed address does not (the person is signed in already).
 */
export const verifyEmailRpc = defineRpc(
  'rpc.identity.auth.verify-email',
  z.strictObject({ token: z.string().min(1).max(256), device_id: z.string().min(1).max(64).optional() }),
  z.object({ verified: z.literal(true), session: sessionTokensSchema.optional() }),
);
