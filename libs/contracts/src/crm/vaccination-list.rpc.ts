import { z } from 'zod';
import { defineRpc } from '../core';
import { vaccinationListSchema } from './care-shapes';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 a pet's vaccinations, the latest given first, each with its proof and who verified it. */
export const listVaccinationsRpc = defineRpc(
  'rpc.crm.vaccination.list',
  z.strictObject({ ...storeScopeSchema, pet_id: z.string().uuid() }),
  vaccinationListSchema,
);
