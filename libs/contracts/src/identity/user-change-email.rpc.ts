import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * POST /api/v1/user/email (R1.14): mails a verification link to the new address and keeps it
 * pending; the change takes effect only through rpc.identity.auth.verify-email with that token.
 * The current password is required (wrong → server_112), and the old address is told, with a
 * link to undo the change (rpc.identity.auth.undo-email-change).
 */
export const changeEmailRpc = defineRpc(
  'rpc.identity.user.change-email',
  z.strictObject({ email: z.string().trim().max(254).email(), current_password: z.string().min(1).max(256) }),
  z.object({ pending_email: z.string() }),
);
