import { z } from 'zod';
import { defineEvent } from '../core';

/** R4.20 realtime: a pet created event (delete removes, anything else refetches). */
export const petCreatedEvent = defineEvent(
  'evt.crm.pet.created.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    pet_id: z.string().uuid(),
    customer_id: z.string().uuid(),
  }),
);
