import { z } from 'zod';
import { defineRpc } from '../core';
import { sessionTokensSchema } from './identity-shapes';

/** The six digits of the verification mail (issue 29): valid 15 minutes, five tries, then a new code. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/**
 * Issue 29: the registration address confirmed by the short code typed on the confirmation screen
 * instead of opening the link; signs the person in like the link. A wrong, expired or used-up code
 * is `token_invalid` with `fields.code` naming which (a libs/i18n key).
 */
export const verifyEmailCodeRpc = defineRpc(
  'rpc.identity.auth.verify-email-code',
  z.strictObject({
    email: z.string().trim().max(254).email(),
    code: z.string().trim().regex(VERIFICATION_CODE_PATTERN),
    device_id: z.string().min(1).max(64).optional(),
  }),
  z.object({ verified: z.literal(true), session: sessionTokensSchema }),
);
