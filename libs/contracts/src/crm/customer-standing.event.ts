import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * Issue 30 what online booking needs of a customer to refuse them without asking crm: the keys they are matched on
 * (phoneKey of libs/domain of fon and fon_2, the e-mail in lower case) and their no-shows; deleted customers come
 * with deleted true. Published when any of it may have changed; `version` (crm's clock) orders them.
 */
export const customerStandingChangedEvent = defineEvent(
  'evt.crm.customer-standing.changed.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    customer_id: z.string().uuid(),
    phone_keys: z.array(z.string()).max(2),
    email: z.string().nullable(),
    no_shows: z.number().int(),
    deleted: z.boolean(),
    version: z.string(),
  }),
);
