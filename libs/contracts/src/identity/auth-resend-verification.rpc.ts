import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * Issue 29: the verification mail again (a new link and code; the old ones stop working), asked
 * from the login refused with server_701. `username` is what the login form holds: a username or
 * an e-mail address. The answer is the same whether or not such an unconfirmed account exists.
 */
export const resendVerificationRpc = defineRpc(
  'rpc.identity.auth.resend-verification',
  z.strictObject({ username: z.string().trim().min(1).max(254) }),
  z.object({ sent: z.literal(true) }),
);
