import { z } from 'zod';
import { DEPOSIT_OVERRIDES } from '../constants/no-show';
import { defineRpc } from '../core';
import { depositOverrideSchema, storeScopeSchema } from './crm-shapes';

/** Issue 30 sets staff's deposit choice for one customer (who may change the customer may): answers it with who and when. */
export const setDepositOverrideRpc = defineRpc(
  'rpc.crm.deposit-override.set',
  z.strictObject({ ...storeScopeSchema, customer_id: z.string().uuid(), mode: z.enum(DEPOSIT_OVERRIDES) }),
  depositOverrideSchema,
);
