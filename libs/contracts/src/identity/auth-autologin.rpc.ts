import { z } from 'zod';
import { defineRpc } from '../core';
import { sessionTokensSchema } from './identity-shapes';

/** POST /api/v1/auth/autologin (R2.04): the decoded u and p of an auto-login link → a session like login. */
export const autologinRpc = defineRpc(
  'rpc.identity.auth.autologin',
  z.strictObject({
    u: z.string().min(1).max(254),
    p: z.string().min(1).max(256),
    device_id: z.string().min(1).max(64).optional(),
  }),
  sessionTokensSchema,
);
