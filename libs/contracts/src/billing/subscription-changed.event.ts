import { z } from 'zod';
import { defineEvent, planLimitsSchema } from '../core';

/**
 * Billing changed an organization's tier or paid period (docs/adr/0028): identity keeps tier,
 * subscribed_since and subscribed_until on the organization from it and tells open clients (R4.21).
 */
export const subscriptionChangedEvent = defineEvent(
  'evt.billing.subscription.changed.v1',
  z.object({
    orga_id: z.string().uuid(),
    plan_id: z.string(),
    tier: z.number().int(),
    subscribed_since: z.string().nullable(),
    subscribed_until: z.string().nullable(),
    /** the Customized plan's limits set by an operator (additive, docs/adr/0031); null: the tier's defaults */
    limits: planLimitsSchema.nullable().optional(),
  }),
);
