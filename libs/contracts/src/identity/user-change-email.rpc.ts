import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * POST /api/v1/user/email (R1.14): mails a verification link to the new address and keeps it
 * pending; the change takes effect only through rpc.identity.auth.verify-email with that token.
 */
export const changeEmailRpc = defineRpc(
  'rpc.identity.user.change-email',
  z.strictObject({ email: z.string().trim().max(254).email() }),
  z.object({ pending_email: z.string() }),
);
