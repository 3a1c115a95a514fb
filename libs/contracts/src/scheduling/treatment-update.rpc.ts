import { z } from 'zod';
import { defineRpc } from '../core';
import { hexColourSchema, moneyInputSchema, treatmentSchema } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Renames, re-prices, re-colours, archives or restores a treatment. */
export const updateTreatmentRpc = defineRpc(
  'rpc.scheduling.treatment.update',
  z.strictObject({
    orga_id: uuid,
    treatment_id: uuid,
    name: z.string().trim().min(1).max(100).optional(),
    archive: z.boolean().optional(),
    default_duration: z.number().int().min(1).max(1440).optional(),
    default_price: moneyInputSchema.optional(),
    /** null removes the colour; absent keeps it */
    color: hexColourSchema.nullable().optional(),
  }),
  treatmentSchema,
);
