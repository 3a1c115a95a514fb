import { z } from 'zod';
import { defineRpc } from '../core';
import { allowConflictSchema } from './appointment-conflict';
import { appointmentChangeSchema, appointmentFieldsSchema, recurringScopeSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Edits an appointment; for a recurring one, this one, this and the following, or all. */
export const updateAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.update',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid,
    scope: recurringScopeSchema.default('one'),
    appointment: appointmentFieldsSchema,
    allow_conflict: allowConflictSchema,
  }),
  appointmentChangeSchema,
);
