import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Changes only the notes of one appointment. */
export const updateAppointmentNotesRpc = defineRpc(
  'rpc.scheduling.appointment.notes',
  z.strictObject({ ...schedulingStoreScope, appointment_id: uuid, notes: z.string().max(5000).nullable() }),
  appointmentSchema,
);
