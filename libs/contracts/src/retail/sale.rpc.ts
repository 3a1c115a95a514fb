import { z } from 'zod';
import { defineRpc } from '../core';
import { LANGUAGES } from '../core/languages';
import { lineDiscountSchema, PAYMENT_METHODS, retailFileSchema, saleLineInputSchema, saleSchema, tipInputSchema } from './retail-shapes';

const store = { orga_id: z.string().uuid(), store_id: z.string().uuid() };

/**
 * A sale at the counter (store writers): product lines priced from the catalogue, VAT included, each taking
 * its units from the store's stock (the last unit goes to one sale only: 409 out_of_stock). With an
 * `appointment_id` it is the appointment's check-out: its service, as scheduling prices it, is a line of the
 * sale and scheduling records the check-out in the same step (409 already_checked_out the second time).
 * Without one it is a walk-in sale, which needs a product line.
 */
export const createRetailSaleRpc = defineRpc(
  'rpc.retail.sale.create',
  z.strictObject({
    ...store,
    payment_method: z.enum(PAYMENT_METHODS),
    lines: z.array(saleLineInputSchema).max(50).default([]),
    appointment_id: z.string().uuid().optional(),
    /** the VAT rate of the appointment's service, in basis points (22 % is 2200) */
    service_vat_rate_bp: z.number().int().min(0).max(10_000).optional(),
    /** a discount on the service line; without it, the discount booked with the appointment */
    service_discount: lineDiscountSchema.nullable().optional(),
    /** who sold the products of a walk-in sale (commission); a check-out's products are its groomer's */
    groomer_user_id: z.string().uuid().nullable().optional(),
    tips: z.array(tipInputSchema).max(10).default([]),
  }),
  saleSchema,
);

/** One sale of the store (store readers). */
export const getRetailSaleRpc = defineRpc('rpc.retail.sale.get', z.strictObject({ ...store, sale_id: z.string().uuid() }), saleSchema);

/** The courtesy receipt of a sale as PDF, in the given language (default: the caller's). Store readers. */
export const retailReceiptRpc = defineRpc(
  'rpc.retail.sale.receipt',
  z.strictObject({ ...store, sale_id: z.string().uuid(), lang: z.enum(LANGUAGES).optional() }),
  retailFileSchema,
);

/** Returns units of a sale's line (store writers): they go back into stock and their share of the line is refunded. */
export const returnRetailSaleRpc = defineRpc(
  'rpc.retail.sale.return',
  z.strictObject({ ...store, sale_id: z.string().uuid(), line_id: z.string().uuid(), quantity: z.number().int().min(1).max(1000) }),
  saleSchema,
);
