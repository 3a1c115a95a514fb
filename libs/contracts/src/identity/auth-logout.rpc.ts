import { z } from 'zod';
import { defineRpc } from '../core';

/** Ends the session the refresh token belongs to (unknown tokens are accepted silently). */
export const logoutRpc = defineRpc(
  'rpc.identity.auth.logout',
  z.strictObject({ refresh_token: z.string().min(1).max(512) }),
  z.object({ logged_out: z.literal(true) }),
);
