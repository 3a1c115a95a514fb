import { z } from 'zod';
import { defineRpc } from '../core';
import { identityLanguageSchema, personUserSchema } from './identity-shapes';

/** Updates the calling user's own names or language. Auth required. */
export const updateUserRpc = defineRpc(
  'rpc.identity.user.update',
  z.strictObject({
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().min(1).max(100).optional(),
    language: identityLanguageSchema.optional(),
  }),
  personUserSchema,
);
