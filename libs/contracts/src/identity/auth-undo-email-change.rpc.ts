import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * The link of the mail that tells the old address about a change of e-mail address: restores
 * that address, drops a pending change and ends every session (the account may be in other
 * hands). Single use; an unknown, used or expired token is token_invalid.
 */
export const undoEmailChangeRpc = defineRpc(
  'rpc.identity.auth.undo-email-change',
  z.strictObject({ token: z.string().min(1).max(256) }),
  z.object({ undone: z.literal(true), email: z.string() }),
);
