import { z } from 'zod';
import { defineEvent } from '../core';

export const emailVerifiedEvent = defineEvent(
  'evt.identity.email.verified.v1',
  z.object({ user_id: z.string().uuid(), email: z.string(), verified_at: z.string() }),
);
