import { z } from 'zod';
import { defineRpc } from '../core';
import { sessionTokensSchema } from './identity-shapes';

/** Rotates the refresh token; a replayed (already used) token revokes the whole chain → session_expired. */
export const refreshSessionRpc = defineRpc(
  'rpc.identity.auth.refresh',
  z.strictObject({ refresh_token: z.string().min(1).max(512) }),
  sessionTokensSchema,
);
