import { z } from 'zod';
import { defineRpc } from '../core';
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_PAGE_SIZE_MAX,
  customerSchema,
  customerSortSchema,
  listScopeSchema,
  assignedTagSchema,
} from './crm-shapes';

/**
 * R7.07 GET /api/v1/orga/{orga}/shared/customers (store_id null, needs share_pets) and
 * .../store/{store}/customers. q searches name, phone, e-mail and pet name; paging by last id.
 */
export const listCustomersRpc = defineRpc(
  'rpc.crm.customer.list',
  z.strictObject({
    ...listScopeSchema,
    q: z.string().trim().max(100).optional(),
    sort: customerSortSchema.default('name'),
    tag_ids: z.array(z.string().uuid()).max(20).default([]),
    last_id: z.string().uuid().nullable().optional(),
    limit: z.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).default(CUSTOMER_PAGE_SIZE),
  }),
  z.object({
    items: z.array(customerSchema.extend({ tags: z.array(assignedTagSchema) })),
    /** R4.22 the list is done when a page returns fewer items than the page size. */
    page_size: z.number().int(),
  }),
);
