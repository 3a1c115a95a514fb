import { z } from 'zod';
import { defineRpc, planLimitsSchema } from '../core';
import { PLAN_IDS } from '../constants/plans';
import { paymentSchema, subscriptionSchema } from './billing-shapes';

/** Where the organization stands (spec §4). Members. */
export const getSubscriptionRpc = defineRpc(
  'rpc.billing.subscription.get',
  z.strictObject({ orga_id: z.string().uuid() }),
  subscriptionSchema,
);

/**
 * Subscribe, or change plan (organization administrators): the first month pro-rata, an upgrade's
 * difference for the days left, a downgrade from the 1st (R1.22). Needs billing data.
 */
export const subscribeRpc = defineRpc(
  'rpc.billing.subscription.subscribe',
  z.strictObject({ orga_id: z.string().uuid(), plan_id: z.enum(PLAN_IDS) }),
  z.object({ subscription: subscriptionSchema, payment: paymentSchema.nullable() }),
);

/**
 * An organization administrator pays a declined charge of the run now, with another card or account, on the
 * payment page (the sandbox's, or Stripe Checkout), instead of waiting for the next day's retry. What pays it
 * pays the next months too (docs/adr/0032).
 */
export const payDeclinedChargeRpc = defineRpc(
  'rpc.billing.payment.pay-declined',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ subscription: subscriptionSchema, payment: paymentSchema }),
);

/** The sandbox payment page's answer: the person completed or failed the payment. */
export const confirmPaymentRpc = defineRpc(
  'rpc.billing.payment.confirm',
  z.strictObject({ orga_id: z.string().uuid(), payment_id: z.string().uuid(), outcome: z.enum(['succeeded', 'failed']) }),
  z.object({ subscription: subscriptionSchema, payment: paymentSchema }),
);

/**
 * An operator puts an organization on the Customized plan (tier 5) with the price and the limits agreed
 * with support (docs/adr/0031). No caller's auth and no gateway route: operators over NATS
 * (tools/billing/set-customized-plan.ts), like the run of the 1st; salons cannot reach it.
 */
export const setCustomizedPlanRpc = defineRpc(
  'rpc.billing.plan.set-customized',
  z.strictObject({
    orga_id: z.string().uuid(),
    monthly_cents: z.number().int().min(0).max(10_000_000),
    limits: planLimitsSchema,
  }),
  subscriptionSchema,
);
