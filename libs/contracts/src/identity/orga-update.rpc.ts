import { z } from 'zod';
import { defineRpc } from '../core';
import { organizationSchema, registrationCountrySchema } from './identity-shapes';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** PUT /api/v1/orga/{orga} (R3.02): organization data; organization administrators only (R2.02). */
export const updateOrgaRpc = defineRpc(
  'rpc.identity.orga.update',
  z.strictObject({
    orga_id: z.string().uuid(),
    name: z.string().trim().min(1).max(200).optional(),
    address: optionalText(200),
    city: optionalText(100),
    zip_code: optionalText(20),
    country: registrationCountrySchema.optional(),
    address_from_owner: z.boolean().optional(),
  }),
  organizationSchema,
);
