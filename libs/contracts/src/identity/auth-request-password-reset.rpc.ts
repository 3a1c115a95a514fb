import { z } from 'zod';
import { defineRpc } from '../core';

/** Password reset, step 1 (R1.13): mails a reset link when the address is known; always answers the same. */
export const requestPasswordResetRpc = defineRpc(
  'rpc.identity.auth.request-password-reset',
  z.strictObject({ email: z.string().trim().max(254).email() }),
  z.object({ requested: z.literal(true) }),
);
