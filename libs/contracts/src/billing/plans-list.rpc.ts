import { z } from 'zod';
import { defineRpc } from '../core';
import { planSchema, subscriptionSchema } from './billing-shapes';

/** GET /api/v1/orga/{orga}/plans (spec §7, R7.01): the plans and where the organization stands. Members. */
export const listPlansRpc = defineRpc(
  'rpc.billing.plan.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ v: z.object({ plans: z.array(planSchema), subscription: subscriptionSchema }) }),
);
