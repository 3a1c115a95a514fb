import { z } from 'zod';
import { defineEvent } from '../core';
import { customerEventSnapshotSchema } from './crm-shapes';

/** R4.20 realtime: a customer updated event (delete removes, anything else refetches). */
export const customerUpdatedEvent = defineEvent(
  'evt.crm.customer.updated.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    customer_id: z.string().uuid(),
    /** the customer as written (absent when the change touched no field of it, e.g. a privacy file) */
    customer: customerEventSnapshotSchema.optional(),
  }),
);
