import { z } from 'zod';
import { defineRpc } from '../core';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 removes a vaccination and its proof. */
export const deleteVaccinationRpc = defineRpc(
  'rpc.crm.vaccination.delete',
  z.strictObject({ ...storeScopeSchema, pet_id: z.string().uuid(), vaccination_id: z.string().uuid() }),
  z.object({ deleted: z.literal(true), vaccination_id: z.string().uuid() }),
);
