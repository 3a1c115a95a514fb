import { z } from 'zod';
import { defineRpc } from '../core';
import { movementSchema, stockRowSchema } from './retail-shapes';

const store = { orga_id: z.string().uuid(), store_id: z.string().uuid() };
const note = z.string().trim().max(200).optional();

/** A store's stock of every product in the catalogue (store readers); `low_only`: on hand at or below the reorder level. */
export const listRetailStockRpc = defineRpc(
  'rpc.retail.stock.list',
  z.strictObject({ ...store, low_only: z.boolean().optional(), search: z.string().trim().max(80).optional() }),
  z.array(stockRowSchema),
);

/** A product's movements in a store, newest first: who moved how many, when and why. */
export const listRetailMovementsRpc = defineRpc(
  'rpc.retail.stock.movements',
  z.strictObject({ ...store, product_id: z.string().uuid() }),
  z.array(movementSchema),
);

/** Goods received into the store (store writers): a positive movement. */
export const receiveRetailStockRpc = defineRpc(
  'rpc.retail.stock.receipt',
  z.strictObject({
    ...store,
    product_id: z.string().uuid(),
    quantity: z.number().int().min(1).max(100_000),
    supplier_id: z.string().uuid().nullable().optional(),
    note,
  }),
  stockRowSchema,
);

/** A count (store writers): the counted figure becomes on hand through a movement of the difference. */
export const countRetailStockRpc = defineRpc(
  'rpc.retail.stock.count',
  z.strictObject({ ...store, product_id: z.string().uuid(), counted: z.number().int().min(0).max(1_000_000), note }),
  stockRowSchema,
);

/** The body of a transfer: from the request's store to `to_store_id`. */
export const transferFieldsSchema = z.strictObject({
  product_id: z.string().uuid(),
  to_store_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(100_000),
  note,
});

/** Moves units to another store of the organization (store writers of both): two linked movements. */
export const transferRetailStockRpc = defineRpc(
  'rpc.retail.stock.transfer',
  transferFieldsSchema.extend(store).refine((input) => input.to_store_id !== input.store_id, {
    path: ['to_store_id'],
    message: 'same store',
  }),
  z.object({ from: stockRowSchema, to: stockRowSchema }),
);

/** Sets the level at or below which a product counts as low in a store (store administrators). */
export const setRetailReorderLevelRpc = defineRpc(
  'rpc.retail.stock.reorder-level',
  z.strictObject({ ...store, product_id: z.string().uuid(), reorder_level: z.number().int().min(0).max(100_000) }),
  stockRowSchema,
);
