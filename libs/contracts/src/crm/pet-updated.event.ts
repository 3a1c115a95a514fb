import { z } from 'zod';
import { defineEvent } from '../core';
import { petEventSnapshotSchema } from './crm-shapes';

/** R4.20 realtime: a pet updated event (delete removes, anything else refetches). */
export const petUpdatedEvent = defineEvent(
  'evt.crm.pet.updated.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    pet_id: z.string().uuid(),
    customer_id: z.string().uuid(),
    /** the pet as written (absent when the change touched no field of it, e.g. an image) */
    pet: petEventSnapshotSchema.optional(),
  }),
);
