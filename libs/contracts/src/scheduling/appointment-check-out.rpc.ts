import { z } from 'zod';
import { defineRpc } from '../core';
import { appointmentSchema, moneyInputSchema, schedulingStoreScope } from './scheduling-shapes';

const uuid = z.string().uuid();

/**
 * R4.11 check-out: final price, discount as an amount or a percentage of the final price, total (default final
 * price minus discount) and cashed in. A declined appointment, a no-show or one of a later day than today in the
 * store is not checked out (checkout_not_allowed).
 */
export const checkOutAppointmentRpc = defineRpc(
  'rpc.scheduling.appointment.check-out',
  z.strictObject({
    ...schedulingStoreScope,
    appointment_id: uuid,
    final_price: moneyInputSchema,
    discount: moneyInputSchema.default(0),
    /** the discount as a percentage of the final price (0–100, two decimals at most); instead of an amount */
    discount_percent: z
      .number()
      .min(0)
      .max(100)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'At most two decimals')
      .optional(),
    total: moneyInputSchema.optional(),
    cashed_in: z.boolean().default(true),
  }),
  appointmentSchema,
);
