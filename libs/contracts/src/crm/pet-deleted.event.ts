import { z } from 'zod';
import { defineEvent } from '../core';

/** R4.20 realtime: a pet deleted event (delete removes, anything else refetches). */
export const petDeletedEvent = defineEvent(
  'evt.crm.pet.deleted.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    pet_id: z.string().uuid(),
    customer_id: z.string().uuid(),
  }),
);
