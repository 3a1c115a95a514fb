import { z } from 'zod';
import { defineEvent } from '../core';

export const storeUpdatedEvent = defineEvent(
  'evt.identity.store.updated.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    name: z.string(),
    time_zone: z.string(),
    /** the store's phone and country (messaging's reminders: store_number, the customers' default country code) */
    phone: z.string().nullable().optional(),
    country: z.string().nullable().optional(),
    /** the store's postal address on one line (messaging's booking confirmation, issue 27) */
    address: z.string().nullable().optional(),
  }),
);
