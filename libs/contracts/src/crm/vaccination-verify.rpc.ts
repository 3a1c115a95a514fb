import { z } from 'zod';
import { defineRpc } from '../core';
import { vaccinationDatesSchema, vaccinationSchema } from './care-shapes';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 staff confirm a vaccination's dates as read on its proof: who and when are kept. */
export const verifyVaccinationRpc = defineRpc(
  'rpc.crm.vaccination.verify',
  z.strictObject({ ...storeScopeSchema, pet_id: z.string().uuid(), vaccination_id: z.string().uuid(), ...vaccinationDatesSchema }),
  vaccinationSchema,
);
