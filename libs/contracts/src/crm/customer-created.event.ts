import { z } from 'zod';
import { defineEvent } from '../core';

/** R4.20 realtime: a customer created event (delete removes, anything else refetches). */
export const customerCreatedEvent = defineEvent(
  'evt.crm.customer.created.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    customer_id: z.string().uuid(),
  }),
);
