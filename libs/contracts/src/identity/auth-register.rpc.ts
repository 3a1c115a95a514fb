import { z } from 'zod';
import { defineRpc } from '../core';
import { identityLanguageSchema, registrationCountrySchema } from './identity-shapes';

/** Registration (spec §1, §5): creates organization, first store, user and owner membership. */
export const registerUserRpc = defineRpc(
  'rpc.identity.auth.register',
  z.strictObject({
    email: z.string().trim().max(254).email(),
    password: z.string().min(8).max(256),
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    organization_name: z.string().trim().min(1).max(200),
    country: registrationCountrySchema,
    language: identityLanguageSchema,
    promo_code: z.string().trim().min(1).max(64).optional(),
    accept_terms: z.boolean(),
    accept_privacy: z.boolean(),
  }),
  z.object({ user_id: z.string().uuid(), orga_id: z.string().uuid() }),
);
