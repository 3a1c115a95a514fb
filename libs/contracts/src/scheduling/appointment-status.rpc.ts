import { z } from 'zod';
import { defineRpc } from '../core';
import { allowConflictSchema } from './appointment-conflict';
import { appointmentSchema, appointmentStatusSchema, changeIdSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/**
 * Staff set the status of one appointment: 2 declined, 3 no-show (once it has started), back to 0 or 1 restores a
 * declined one or a no-show, which takes its time again (capacity: 409 conflict unless allow_conflict). A checked
 * out appointment is neither declined nor a no-show (status_not_allowed).
 */
export const updateAppointmentStatusRpc = defineRpc(
  'rpc.scheduling.appointment.status',
  z.strictObject({ ...schedulingStoreScope, appointment_id: uuid, status: appointmentStatusSchema, allow_conflict: allowConflictSchema }),
  appointmentSchema.extend({ change_id: changeIdSchema }),
);
