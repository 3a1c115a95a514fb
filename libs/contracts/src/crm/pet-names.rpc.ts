import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * Service to service only (messaging's 'Declined appointment' notification names the customer and
 * pets): the names of the organization's pets among these ids with their owners' names; other
 * organizations' ids are left out.
 */
export const petNamesRpc = defineRpc(
  'rpc.crm.pet.names',
  z.strictObject({ orga_id: z.string().uuid(), pet_ids: z.array(z.string().uuid()).max(50) }),
  z.array(
    z.object({
      pet_id: z.string().uuid(),
      name: z.string(),
      customer_id: z.string().uuid(),
      customer_first_name: z.string(),
      customer_last_name: z.string(),
    }),
  ),
);
