import { z } from 'zod';
import { defineRpc } from '../core';
import { vaccinationDatesSchema, vaccinationSchema, vaccineSchema } from './care-shapes';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 records a vaccination of a pet, unverified until staff check it against its proof. */
export const createVaccinationRpc = defineRpc(
  'rpc.crm.vaccination.create',
  z.strictObject({ ...storeScopeSchema, pet_id: z.string().uuid(), vaccine: vaccineSchema, ...vaccinationDatesSchema }),
  vaccinationSchema,
);
