import { z } from 'zod';
import { defineRpc } from '../core';
import {
  analysisBucketSchema,
  analysisPeriodSchema,
  customerStatisticsSchema,
  orgaStatisticsSchema,
  salonStatisticsSchema,
} from './analytics-shapes';

const uuid = z.string().uuid();
const period = { period: analysisPeriodSchema, bucket: analysisBucketSchema };

/** R1.12 salon statistics of a store (store administrators; Premium's salon_statistics). */
export const getSalonStatisticsRpc = defineRpc(
  'rpc.analytics.salon.get',
  z.strictObject({ orga_id: uuid, store_id: uuid, ...period }),
  salonStatisticsSchema,
);

/** R1.12 customer statistics of a store (store administrators; Premium's customer_statistics). */
export const getCustomerStatisticsRpc = defineRpc(
  'rpc.analytics.customers.get',
  z.strictObject({ orga_id: uuid, store_id: uuid, ...period }),
  customerStatisticsSchema,
);

/** R1.12 R2.02 the organization's statistics across its stores (organization administrators). */
export const getOrgaStatisticsRpc = defineRpc('rpc.analytics.orga.get', z.strictObject({ orga_id: uuid, ...period }), orgaStatisticsSchema);
