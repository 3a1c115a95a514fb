import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentSchema, moneyInputSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/** R4.11 check-out: final price, discount, total (default final price minus discount) and cashed in. */
export const checkOutAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.check-out',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid,
    final_price: moneyInputSchema,
    discount: moneyInputSchema.default(0),
    total: moneyInputSchema.optional(),
    cashed_in: z.boolean().default(true),
  }),
  appointmentSchema,
);
