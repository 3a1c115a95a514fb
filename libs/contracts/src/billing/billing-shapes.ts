import { z } from 'zod';
import { PLAN_IDS, PREMIUM_FEATURES } from '../constants/plans';
import { planLimitsSchema } from '../core/member-access';

const uuid = z.string().uuid();
const isoTimestamp = z.string();

/** R1.19, R1.20 a plan and its entitlements (libs/domain billing/plans.ts). */
export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  tier: z.number().int(),
  monthly_cents: z.number().int().nullable(),
  purchasable: z.boolean(),
  features: z.array(z.enum(PREMIUM_FEATURES)),
  quotas: z.object({
    users: z.number().int().nullable(),
    stores: z.number().int().nullable(),
    tags: z.number().int().nullable(),
    attachments: z.number().int().nullable(),
    pet_images: z.number().int(),
    monthly_reminders: z.number().int(),
  }),
});
export type PlanView = z.infer<typeof planSchema>;

/** spec §4 where an organization stands: its state, remaining days and what the shell shows. */
export const subscriptionSchema = z.object({
  orga_id: uuid,
  plan_id: z.enum(PLAN_IDS),
  tier: z.number().int(),
  state: z.enum(['free_trial', 'expired_trial', 'premium_active', 'premium_expired']),
  /** R4.09 -1 not expiring, 0 expired, 1 expiring within 14 days */
  expiry_state: z.number().int(),
  active: z.boolean(),
  remaining_days: z.number().int(),
  subscribed_since: isoTimestamp.nullable(),
  subscribed_until: isoTimestamp.nullable(),
  /** end of the period paid for (paid tiers) */
  paid_through: isoTimestamp.nullable(),
  store_count: z.number().int(),
  monthly_cents: z.number().int(),
  /** R4.08 the free-trial banner (1 to 6 days left) and the sidebar notice's percentage of 30 */
  trial_banner: z.boolean(),
  sidebar_percent: z.number().nullable(),
  /** a checkout waiting for its payment */
  pending_payment_id: uuid.nullable(),
  /** the latest charge the provider declined, while the plan is not paid since (the plan page shows it); additive */
  last_failed_charge: z
    .object({
      payment_id: uuid,
      invoice_id: uuid,
      amount_cents: z.number().int(),
      failed_at: isoTimestamp,
      /** when the run stops retrying and the plan lapses (the grace days, or again after a bank's late refusal); additive */
      retries_until: isoTimestamp.optional(),
    })
    .nullable()
    .optional(),
  /** a charge of the run that the bank is still processing (a SEPA debit, up to 14 business days); additive */
  processing_charge: z
    .object({ payment_id: uuid, invoice_id: uuid, amount_cents: z.number().int(), since: isoTimestamp })
    .nullable()
    .optional(),
  /** Customized: the limits agreed for the organization (docs/adr/0031); additive */
  plan_limits: planLimitsSchema.nullable().optional(),
  /** where the person pays that checkout on the provider's own page (Stripe Checkout); null for the sandbox */
  pending_payment_redirect_url: z.string().url().nullable(),
  /** additive: subscribed during the trial, this plan starts and is first charged when the trial ends (nothing before) */
  scheduled_start: z
    .object({ plan_id: z.enum(PLAN_IDS), starts_at: isoTimestamp, amount_cents: z.number().int() })
    .nullable()
    .optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'validation.required');
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** the languages an invoice is written in (the PDF; the e-invoice's lines are Italian) */
export const INVOICE_LANGUAGE_VALUES = ['it', 'en', 'de', 'fr'] as const;
// an invoice needs a street, a town and a postcode: empty ones are refused here, not by the SdI
const address = {
  address: required(200),
  city: required(100),
  zip_code: required(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/),
  /** the Italian province's two letters (MO, RM…); written on the e-invoice */
  province: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'validation.invalidProvince')
    .nullable()
    .optional(),
  /** the language of the organization's invoices; by default the billing country's (it, de, fr), else en */
  language: z.enum(INVOICE_LANGUAGE_VALUES).nullable().optional(),
};

/** R1.23 billing data: a company or a private person (R3.18 codice_destinatario, pec, fiscal_code). */
export const billingProfileInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('company'),
    legal_name: required(200),
    vat: optionalText(20),
    fiscal_code: optionalText(20),
    pec: z.string().trim().max(200).email().nullable().optional().or(z.literal('')),
    codice_destinatario: optionalText(10),
    ...address,
  }),
  z.strictObject({
    kind: z.literal('private'),
    first_name: required(100),
    last_name: required(100),
    fiscal_code: optionalText(20),
    ...address,
  }),
]);
export type BillingProfileInput = z.infer<typeof billingProfileInputSchema>;

export const billingProfileSchema = z.object({
  orga_id: uuid,
  kind: z.enum(['company', 'private']),
  legal_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  vat: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  pec: z.string().nullable(),
  codice_destinatario: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  zip_code: z.string(),
  country: z.string(),
  /** additive: the province on the e-invoice, the invoices' language (null: the country's) */
  province: z.string().nullable().optional(),
  language: z.enum(INVOICE_LANGUAGE_VALUES).nullable().optional(),
  /** R5.09 the builder's JSON: codice_destinatario, pec, fiscal_code with empty values null */
  billing_data: z.object({ codice_destinatario: z.string().nullable(), pec: z.string().nullable(), fiscal_code: z.string().nullable() }),
});
export type BillingProfileView = z.infer<typeof billingProfileSchema>;

export const paymentSchema = z.object({
  id: uuid,
  orga_id: uuid,
  invoice_id: uuid,
  amount_cents: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** additive: charge (money for its invoice) or setup (during the trial: a method saved, charged when the trial ends) */
  purpose: z.enum(['charge', 'setup']).optional(),
  provider: z.string(),
  /** a checkout paid on the provider's own page (Stripe Checkout): where to send the person; null for the sandbox */
  redirect_url: z.string().url().nullable(),
  created_at: isoTimestamp,
});
export type PaymentView = z.infer<typeof paymentSchema>;

export const invoiceLineSchema = z.object({
  kind: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unit_cents: z.number().int(),
  net_cents: z.number().int(),
  /** additive: the plan, the days paid and their span (libs/domain InvoiceLineDetail) */
  detail: z
    .object({
      plan: z.string().optional(),
      from_plan: z.string().optional(),
      start: z.string().optional(),
      end: z.string().optional(),
      days: z.number().int().optional(),
      of: z.number().int().optional(),
    })
    .optional(),
});

export const invoiceSchema = z.object({
  id: uuid,
  orga_id: uuid,
  /** 'YYYY/N', numbered per year */
  number: z.string(),
  period: z.string(),
  kind: z.enum(['first', 'monthly', 'plan_change']),
  issued_at: isoTimestamp,
  /** the invoice's date, in Italy (Europe/Rome): the date on the PDF and the e-invoice; additive */
  issued_on: z.string().optional(),
  lines: z.array(invoiceLineSchema),
  net_cents: z.number().int(),
  vat_percent: z.number().int(),
  vat_cents: z.number().int(),
  gross_cents: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  /** an e-invoice (FatturaPA) is written for it: the customer is Italian (a company or a person) */
  e_invoice: z.boolean(),
  /** additive: its e-invoice on the way to the SdI (once paid): queued, sent, then the SdI's receipt */
  e_invoice_status: z
    .object({
      state: z.enum(['queued', 'sent', 'delivered', 'not_deliverable', 'rejected']),
      file_name: z.string(),
      /** RC delivered, MC not deliverable (left in the buyer's reserved area), NS rejected with the SdI's error codes */
      receipts: z.array(
        z.object({
          type: z.enum(['RC', 'NS', 'MC']),
          at: isoTimestamp,
          errors: z.array(z.object({ code: z.string(), description: z.string() })),
        }),
      ),
    })
    .nullable()
    .optional(),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;
