import { z } from 'zod';
import { defineRpc } from '../core';
import { APPOINTMENT_STATUS } from '../constants/appointments';
import { appointmentSchema } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R4.18 the customer confirmed or declined (2) from a reminder reply: called by messaging (no user), never routed by the gateway. */
export const customerAppointmentStatusRpc = defineRpc(
  'rpc.scheduling.appointment.status-by-customer',
  z.strictObject({
    orga_id: uuid,
    appointment_id: uuid,
    status: z.union([z.literal(APPOINTMENT_STATUS.confirmed_by_customer), z.literal(APPOINTMENT_STATUS.declined_by_customer)]),
  }),
  appointmentSchema,
);
