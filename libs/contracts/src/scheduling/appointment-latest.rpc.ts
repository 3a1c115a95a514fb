import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentListSchema, appointmentSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R7.05 GET .../pet/{pet}/appointment/latest (item, treatments, pets). */
export const latestPetAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.latest',
  z.strictObject({ ...schedulingStoreScope, pet_id: uuid }),
  z.object({
    item: appointmentSchema.nullable(),
    treatments: appointmentListSchema.shape.treatments,
    pets: appointmentListSchema.shape.pets,
  }),
);
