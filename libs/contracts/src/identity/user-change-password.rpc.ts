import { z } from 'zod';
import { defineRpc } from '../core';

/** Changes the calling user's password and revokes every other session. Wrong current password → server_112. */
export const changePasswordRpc = defineRpc(
  'rpc.identity.user.change-password',
  z.strictObject({
    current_password: z.string().min(1).max(256),
    password: z.string().min(8).max(256),
  }),
  z.object({ changed: z.literal(true) }),
);
