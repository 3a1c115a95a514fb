import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * session_ids null = every session of the user (platform-api.md "Auth and sessions"). Identity
 * names the sessions since issue 11 (ADR 0002); null stays readable for events already stored.
 */
export const sessionRevokedEvent = defineEvent(
  'evt.identity.session.revoked.v1',
  z.object({
    user_id: z.string().uuid(),
    session_ids: z.array(z.string().uuid()).nullable(),
    revoked_at: z.string(),
  }),
);
