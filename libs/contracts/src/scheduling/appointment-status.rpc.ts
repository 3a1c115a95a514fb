import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentSchema, appointmentStatusSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Staff set the status of one appointment. */
export const updateAppointmentStatusRpc = defineRpc(
  'rpc.scheduling.appointment.status',
  z.strictObject({ ...schedulingStoreScope, appointment_id: uuid, status: appointmentStatusSchema }),
  appointmentSchema,
);
