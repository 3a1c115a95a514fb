import { z } from 'zod';
import { defineRpc } from '../core';
import { sessionTokensSchema } from './identity-shapes';

/** Login by username or e-mail; server_100 / server_112 / server_701 / server_1010 on failure. */
export const loginRpc = defineRpc(
  'rpc.identity.auth.login',
  z.strictObject({
    username: z.string().min(1).max(254),
    password: z.string().min(1).max(256),
    device_id: z.string().min(1).max(64).optional(),
  }),
  sessionTokensSchema,
);
