import { z } from 'zod';
import { defineRpc } from '../core';
import { personUserSchema } from './identity-shapes';

/** GET /api/v1/user: person data of the calling user (R3.01). Auth required. */
export const getUserRpc = defineRpc('rpc.identity.user.get', z.strictObject({}), personUserSchema);
