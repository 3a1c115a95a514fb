import { z } from 'zod';
import { defineRpc } from '../core';
import { billingProfileInputSchema, billingProfileSchema } from './billing-shapes';

/** The organization's billing data, null before it gave any (organization administrators). */
export const getBillingProfileRpc = defineRpc(
  'rpc.billing.profile.get',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ v: billingProfileSchema.nullable() }),
);

/** R1.23, R5.09 saves Company or Private billing data; the builder's 2–5 as validation_failed. */
export const updateBillingProfileRpc = defineRpc(
  'rpc.billing.profile.update',
  z.strictObject({ orga_id: z.string().uuid(), profile: billingProfileInputSchema }),
  billingProfileSchema,
);
