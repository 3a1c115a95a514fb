import { z } from 'zod';

// Issue 32 (the spec's inventory): products of an organization, stock per store moved only by recorded
// movements, and counter sales. Amounts are integer cents, VAT included; VAT rates are basis points
// (22 % is 2200, 5.5 % is 550) so that the French and German reduced rates need no decimals.

const cents = z.number().int().min(0).max(10_000_000);
const text = (max: number) => z.string().trim().max(max);

/** A barcode as a scanner types it (EAN-8/13, UPC, or a shop's own code). */
export const barcodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z._-]{3,40}$/);

export const productFieldsSchema = z.strictObject({
  name: text(120).min(1),
  brand: text(80).optional(),
  barcode: barcodeSchema.nullable().optional(),
  category: text(60).optional(),
  price_cents: cents,
  vat_rate_bp: z.number().int().min(0).max(10_000),
  cost_cents: cents.nullable().optional(),
  supplier_id: z.string().uuid().nullable().optional(),
});

export const productSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  name: z.string(),
  brand: z.string(),
  barcode: z.string().nullable(),
  category: z.string(),
  price_cents: z.number().int(),
  vat_rate_bp: z.number().int(),
  cost_cents: z.number().int().nullable(),
  supplier_id: z.string().uuid().nullable(),
  archived: z.boolean(),
});
export type RetailProduct = z.infer<typeof productSchema>;

export const supplierSchema = z.object({ id: z.string().uuid(), orga_id: z.string().uuid(), name: z.string(), contact: z.string() });
export type RetailSupplier = z.infer<typeof supplierSchema>;

/** A product's stock in one store: on hand is the sum of its movements there. */
export const stockRowSchema = z.object({
  product_id: z.string().uuid(),
  store_id: z.string().uuid(),
  name: z.string(),
  brand: z.string(),
  barcode: z.string().nullable(),
  category: z.string(),
  price_cents: z.number().int(),
  on_hand: z.number().int(),
  reorder_level: z.number().int(),
  low: z.boolean(),
});
export type RetailStockRow = z.infer<typeof stockRowSchema>;

export const MOVEMENT_KINDS = ['sale', 'return', 'receipt', 'count', 'transfer_out', 'transfer_in'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const movementSchema = z.object({
  id: z.string().uuid(),
  product_id: z.string().uuid(),
  store_id: z.string().uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  /** signed: what the movement added to (or took from) the store's stock */
  quantity: z.number().int(),
  /** the other half of a transfer, the sale of a sale or return */
  transfer_id: z.string().uuid().nullable(),
  sale_id: z.string().uuid().nullable(),
  supplier_id: z.string().uuid().nullable(),
  note: z.string(),
  actor_user_id: z.string().uuid().nullable(),
  created_at: z.string(),
});
export type RetailMovement = z.infer<typeof movementSchema>;

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const lineDiscountSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('amount'), cents }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().int().min(0).max(100) }),
]);

export const saleLineInputSchema = z.strictObject({
  product_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(1000),
  discount: lineDiscountSchema.nullable().optional(),
});

export const saleLineSchema = z.object({
  id: z.string().uuid(),
  product_id: z.string().uuid(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  vat_rate_bp: z.number().int(),
  discount: lineDiscountSchema.nullable(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  vat_cents: z.number().int(),
  returned_quantity: z.number().int(),
  refunded_cents: z.number().int(),
});

export const vatSummarySchema = z.object({
  vat_rate_bp: z.number().int(),
  total_cents: z.number().int(),
  vat_cents: z.number().int(),
  net_cents: z.number().int(),
});

export const saleSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  store_id: z.string().uuid(),
  payment_method: z.enum(PAYMENT_METHODS),
  gross_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  vat_cents: z.number().int(),
  refunded_cents: z.number().int(),
  by_rate: z.array(vatSummarySchema),
  lines: z.array(saleLineSchema),
  created_by: z.string().uuid().nullable(),
  created_at: z.string(),
});
export type RetailSale = z.infer<typeof saleSchema>;
