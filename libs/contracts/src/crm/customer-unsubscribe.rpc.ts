import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * Service to service only (messaging, from a reminder's 'unsubscribe' button, spec §3 button set 3):
 * turns the customer's message, reminder and marketing consents off and publishes customer.updated. With consents
 * 'marketing' (a campaign message's 'don't read'), only the marketing consent.
 * A signed-in user is refused; an unknown customer is not_found.
 */
export const unsubscribeCustomerRpc = defineRpc(
  'rpc.crm.customer.unsubscribe',
  z.strictObject({
    orga_id: z.string().uuid(),
    customer_id: z.string().uuid(),
    consents: z.enum(['all', 'marketing']).default('all'),
  }),
  z.object({ customer_id: z.string().uuid(), changed: z.boolean() }),
);
