import { z } from 'zod';
import { defineRpc } from '../core';

/** Password reset, step 2 (R1.13): single-use token (2 h); ends every session. Bad token → token_invalid. */
export const resetPasswordRpc = defineRpc(
  'rpc.identity.auth.reset-password',
  z.strictObject({ token: z.string().min(1).max(256), password: z.string().min(8).max(256) }),
  z.object({ reset: z.literal(true) }),
);
