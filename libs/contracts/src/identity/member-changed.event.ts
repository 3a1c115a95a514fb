import { z } from 'zod';
import { defineEvent } from '../core';

export const memberChangedEvent = defineEvent(
  'evt.identity.member.changed.v1',
  z.object({
    orga_id: z.string().uuid(),
    user_id: z.string().uuid(),
    orga_user_id: z.string().uuid(),
    change: z.enum(['added', 'updated', 'removed']),
  }),
);
