import { z } from 'zod';
import { defineRpc } from '../core';
import { hexColourSchema, moneyInputSchema, treatmentSchema } from './scheduling-shapes';

const uuid = z.string().uuid();

/** Adds a treatment to the catalogue (organization administrators). */
export const createTreatmentRpc = defineRpc(
  'rpc.scheduling.treatment.create',
  z.strictObject({
    orga_id: uuid,
    name: z.string().trim().min(1).max(100),
    default_duration: z.number().int().min(1).max(1440).default(60),
    default_price: moneyInputSchema.default(0),
    color: hexColourSchema.nullable().default(null),
  }),
  treatmentSchema,
);
