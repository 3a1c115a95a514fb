import { z } from 'zod';
import { defineRpc } from '../core';
import { CUSTOMER_PAGE_SIZE, CUSTOMER_PAGE_SIZE_MAX, assignedTagSchema, listScopeSchema, petSchema } from './crm-shapes';

/**
 * R7.07 GET /api/v1/orga/{orga}/shared/pets (store_id null, needs share_pets) and .../store/{store}/pets;
 * with customer_id the pets of one customer. Sorted by name, paging by last id; each with its tags and its owner's name.
 */
export const listPetsRpc = defineRpc(
  'rpc.crm.pet.list',
  z.strictObject({
    ...listScopeSchema,
    customer_id: z.string().uuid().optional(),
    q: z.string().trim().max(100).optional(),
    last_id: z.string().uuid().nullable().optional(),
    limit: z.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).default(CUSTOMER_PAGE_SIZE),
  }),
  z.object({
    items: z.array(
      petSchema.extend({
        tags: z.array(assignedTagSchema),
        // issue 29: a pet list names each pet's owner; crm always answers it, optional for the readers built before
        owner: z.object({ first_name: z.string(), last_name: z.string() }).optional(),
      }),
    ),
    page_size: z.number().int(),
  }),
);
