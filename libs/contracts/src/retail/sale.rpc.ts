import { z } from 'zod';
import { defineRpc } from '../core';
import { PAYMENT_METHODS, saleLineInputSchema, saleSchema } from './retail-shapes';

const store = { orga_id: z.string().uuid(), store_id: z.string().uuid() };

/**
 * A walk-in sale at the counter (store writers): lines priced from the catalogue, VAT included,
 * each taking its units from the store's stock; the last unit goes to one sale only (409 out_of_stock).
 */
export const createRetailSaleRpc = defineRpc(
  'rpc.retail.sale.create',
  z.strictObject({
    ...store,
    payment_method: z.enum(PAYMENT_METHODS),
    lines: z.array(saleLineInputSchema).min(1).max(50),
  }),
  saleSchema,
);

/** Returns units of a sale's line (store writers): they go back into stock and their share of the line is refunded. */
export const returnRetailSaleRpc = defineRpc(
  'rpc.retail.sale.return',
  z.strictObject({ ...store, sale_id: z.string().uuid(), line_id: z.string().uuid(), quantity: z.number().int().min(1).max(1000) }),
  saleSchema,
);
