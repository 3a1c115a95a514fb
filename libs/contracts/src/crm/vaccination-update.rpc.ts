import { z } from 'zod';
import { defineRpc } from '../core';
import { vaccinationDatesSchema, vaccinationSchema, vaccineSchema } from './care-shapes';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 changes a vaccination's vaccine or dates; a change makes it unverified again. */
export const updateVaccinationRpc = defineRpc(
  'rpc.crm.vaccination.update',
  z.strictObject({
    ...storeScopeSchema,
    pet_id: z.string().uuid(),
    vaccination_id: z.string().uuid(),
    vaccine: vaccineSchema,
    ...vaccinationDatesSchema,
  }),
  vaccinationSchema,
);
