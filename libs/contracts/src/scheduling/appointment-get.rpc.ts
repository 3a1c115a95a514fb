import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentListSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R7.05 GET .../appointment/{id}: one item with its treatments and pets. */
export const getAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.get',
  z.strictObject({ ...schedulingStoreScope, appointment_id: uuid }),
  appointmentListSchema,
);
