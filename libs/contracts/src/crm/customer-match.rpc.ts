import { z } from 'zod';
import { defineRpc } from '../core';

const uuid = z.string().uuid();

/**
 * Service to service only (booking): the customer of a store whose phone (digits compared, a leading +/00 and
 * country code aside as crm normalises them) or e-mail (case aside) matches, with their pets. A signed-in user
 * is refused; no match answers customer null.
 */
export const matchCustomerRpc = defineRpc(
  'rpc.crm.customer.match',
  z.strictObject({
    orga_id: uuid,
    store_id: uuid,
    fon: z.string().trim().max(40).nullable(),
    email: z.string().trim().max(254).nullable(),
  }),
  z.object({
    customer: z
      .object({
        id: uuid,
        first_name: z.string(),
        last_name: z.string(),
        consent_messages: z.boolean(),
        consent_reminders: z.boolean(),
        consent_marketing: z.boolean(),
      })
      .nullable(),
    pets: z.array(
      z.object({
        id: uuid,
        name: z.string(),
        pet_type: z.number().int(),
        breed: z.string().nullable(),
        size: z.string().nullable(),
        hair: z.string().nullable(),
      }),
    ),
  }),
);
