import { z } from 'zod';
import { defineEvent } from '../core';
import { MOVEMENT_KINDS } from './retail-shapes';

/** A product's stock in a store changed (written to the outbox with the movement). */
export const retailStockChangedEvent = defineEvent(
  'evt.retail.stock.changed.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    product_id: z.string().uuid(),
    kind: z.enum(MOVEMENT_KINDS),
    quantity: z.number().int(),
    on_hand: z.number().int(),
    reorder_level: z.number().int(),
    low: z.boolean(),
  }),
);

/** A counter sale was recorded. */
export const retailSaleCreatedEvent = defineEvent(
  'evt.retail.sale.created.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    sale_id: z.string().uuid(),
    payment_method: z.string(),
    total_cents: z.number().int(),
    vat_cents: z.number().int(),
  }),
);

/** Units of a sale's line were returned and refunded. */
export const retailSaleReturnedEvent = defineEvent(
  'evt.retail.sale.returned.v1',
  z.object({
    orga_id: z.string().uuid(),
    store_id: z.string().uuid(),
    sale_id: z.string().uuid(),
    line_id: z.string().uuid(),
    quantity: z.number().int(),
    refund_cents: z.number().int(),
  }),
);
