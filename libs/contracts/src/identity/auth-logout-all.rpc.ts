import { z } from 'zod';
import { defineRpc } from '../core';

/** Logging out of all devices (R1.14): revokes every session of the calling user. Auth required. */
export const logoutAllRpc = defineRpc(
  'rpc.identity.auth.logout-all',
  z.strictObject({}),
  z.object({ revoked_sessions: z.number().int().min(0) }),
);
