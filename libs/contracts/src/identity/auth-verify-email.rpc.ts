import { z } from 'zod';
import { defineRpc } from '../core';

/** E-mail validation by token or link (R1.13); tokens are single-use and expire after 48 h. */
export const verifyEmailRpc = defineRpc(
  'rpc.identity.auth.verify-email',
  z.strictObject({ token: z.string().min(1).max(256) }),
  z.object({ verified: z.literal(true) }),
);
