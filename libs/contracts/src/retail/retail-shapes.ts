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

/** A tip for one groomer, given at check-out; it is the groomer's whole, outside the sale's VAT. */
export const tipInputSchema = z.strictObject({ user_id: z.string().uuid(), cents: z.number().int().min(1).max(100_000) });

export const SALE_LINE_KINDS = ['product', 'service'] as const;

export const saleLineSchema = z.object({
  id: z.string().uuid(),
  /** a product from the catalogue, or the service of the sale's appointment (as scheduling priced it) */
  kind: z.enum(SALE_LINE_KINDS),
  product_id: z.string().uuid().nullable(),
  /** who did the service, or sold the product (commission) */
  groomer_user_id: z.string().uuid().nullable(),
  /** a service's booked minutes (payroll's hours) */
  minutes: z.number().int(),
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
  /** the appointment this sale checked out; null for a walk-in */
  appointment_id: z.string().uuid().nullable(),
  gross_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  vat_cents: z.number().int(),
  refunded_cents: z.number().int(),
  by_rate: z.array(vatSummarySchema),
  lines: z.array(saleLineSchema),
  tips: z.array(z.object({ user_id: z.string().uuid(), cents: z.number().int() })),
  /** what the customer paid: the sale's total and the tips */
  paid_cents: z.number().int(),
  /** the certified till's document (documento commerciale) number, when the store's till issued one */
  fiscal_document: z.string().nullable(),
  created_by: z.string().uuid().nullable(),
  created_at: z.string(),
});
export type RetailSale = z.infer<typeof saleSchema>;

/** A file an RPC hands to the gateway for download (a receipt's PDF, a payroll's CSV). */
export const retailFileSchema = z.object({ file_name: z.string(), mime: z.string(), data_base64: z.string() });

/** A groomer's commission rule; shares in basis points (40 % is 4000). */
export const commissionRuleFieldsSchema = z.strictObject({
  service_bp: z.number().int().min(0).max(10_000),
  product_bp: z.number().int().min(0).max(10_000),
  product_after_cost: z.boolean().default(false),
});
export const commissionRuleSchema = z.object({
  user_id: z.string().uuid(),
  service_bp: z.number().int(),
  product_bp: z.number().int(),
  product_after_cost: z.boolean(),
});
export type RetailCommissionRule = z.infer<typeof commissionRuleSchema>;

const payrollFigures = {
  services_net_cents: z.number().int(),
  products_net_cents: z.number().int(),
  products_cost_cents: z.number().int(),
  service_commission_cents: z.number().int(),
  product_commission_cents: z.number().int(),
  commission_cents: z.number().int(),
  tips_cents: z.number().int(),
  pay_cents: z.number().int(),
  minutes: z.number().int(),
};
export const payrollReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ groomer_user_id: z.string().uuid(), ...payrollFigures })),
  totals: z.object(payrollFigures),
});
export type RetailPayrollReport = z.infer<typeof payrollReportSchema>;
