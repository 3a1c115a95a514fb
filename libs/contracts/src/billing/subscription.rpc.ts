import { z } from 'zod';
import { defineRpc } from '../core';
import { PLAN_ID_VALUES, paymentSchema, subscriptionSchema } from './billing-shapes';

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
  z.strictObject({ orga_id: z.string().uuid(), plan_id: z.enum(PLAN_ID_VALUES) }),
  z.object({ subscription: subscriptionSchema, payment: paymentSchema.nullable() }),
);

/** The sandbox payment page's answer: the person completed or failed the payment. */
export const confirmPaymentRpc = defineRpc(
  'rpc.billing.payment.confirm',
  z.strictObject({ orga_id: z.string().uuid(), payment_id: z.string().uuid(), outcome: z.enum(['succeeded', 'failed']) }),
  z.object({ subscription: subscriptionSchema, payment: paymentSchema }),
);
