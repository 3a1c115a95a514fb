import { z } from 'zod';
import { defineEvent } from '../core';

/** R4.20 realtime: a customer deleted event (delete removes, anything else refetches). */
export const customerDeletedEvent = defineEvent(
  'evt.crm.customer.deleted.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    customer_id: z.string().uuid(),
  }),
);
