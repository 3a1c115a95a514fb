import { z } from 'zod';
import { defineEvent } from '../core';

export const userRegisteredEvent = defineEvent(
  'evt.identity.user.registered.v1',
  z.object({
    user_id: z.string().uuid(),
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    email: z.string(),
    language: z.string(),
    promo_code: z.string().nullable(),
  }),
);
