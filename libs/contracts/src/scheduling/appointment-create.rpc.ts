import { z } from 'zod';
import { defineRpc } from '../core';
import { allowConflictSchema } from './appointment-conflict';
import { appointmentFieldsSchema, appointmentListSchema, recurringInputSchema, schedulingStoreScope } from './scheduling-shapes';

/** Books an appointment, or a recurring group (its first member is the main one); a collision answers the conflict unless allowed. */
export const createAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.create',
  z.strictObject({
    ...schedulingStoreScope,
    appointment: appointmentFieldsSchema,
    recurring: recurringInputSchema.nullable().default(null),
    allow_conflict: allowConflictSchema,
  }),
  appointmentListSchema,
);
