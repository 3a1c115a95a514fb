import { z } from 'zod';
import { defineRpc } from '../core';
import { sessionTokensSchema } from './identity-shapes';

/** Login by username or e-mail; server_112 (unknown user or wrong password alike, ADR 0013) / server_701 / server_1010 on failure. */
export const loginRpc = defineRpc(
  'rpc.identity.auth.login',
  z.strictObject({
    username: z.string().min(1).max(254),
    password: z.string().min(1).max(256),
    device_id: z.string().min(1).max(64).optional(),
  }),
  sessionTokensSchema,
);
