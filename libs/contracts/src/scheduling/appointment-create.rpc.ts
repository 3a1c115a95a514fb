import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentFieldsSchema, appointmentListSchema, recurringInputSchema, schedulingStoreScope } from './scheduling-shapes';

/** Books an appointment, or a recurring group (its first member is the main one). */
export const createAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.create',
  z.strictObject({
    ...schedulingStoreScope,
    appointment: appointmentFieldsSchema,
    recurring: recurringInputSchema.nullable().default(null),
  }),
  appointmentListSchema,
);
