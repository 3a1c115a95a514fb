import { z } from 'zod';
import { defineEvent } from '../core';

export const orgaCreatedEvent = defineEvent(
  'evt.identity.orga.created.v1',
  z.object({
    orga_id: z.string().uuid(),
    owner_user_id: z.string().uuid(),
    name: z.string(),
    country: z.string(),
    tier: z.number().int(),
    created_at: z.string(),
    /** end of the free trial: 15 days plus any promo code's extra days */
    trial_ends_at: z.string(),
  }),
);
