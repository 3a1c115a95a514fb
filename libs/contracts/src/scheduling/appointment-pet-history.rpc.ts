import { z } from 'zod';
import { defineRpc, instantTextSchema } from '../core';
import { appointmentListSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R7.05 R9.05 GET .../pet/{pet}/appointments/{last date or none}/{last id or none}: newest first, pages of 50. */
export const listPetAppointmentsRpc = defineRpc(
  'rpc.scheduling.appointment.pet-history',
  z.strictObject({
    ...schedulingStoreScope,
    pet_id: uuid,
    last_date: instantTextSchema.nullable().default(null),
    last_id: uuid.nullable().default(null),
  }),
  appointmentListSchema,
);
