import {
  BILLING_DATA_ERROR_KEYS,
  EXTRA_STORE_MONTHLY_CENTS,
  checkBillingProfile,
  eInvoiceFieldProblems,
  extraStores,
  formatAmount,
  planChangeCents,
  type BillingProfile as DomainProfile,
} from '@pawline/domain';
import type { BillingPlan, BillingProfile, BillingProfileBody } from './billing-api';

// R1.23 billing data: Company or Private, as the form holds it (text fields; empty is absent).
export type BillingForm = {
  kind: 'company' | 'private';
  legal_name: string;
  first_name: string;
  last_name: string;
  vat: string;
  fiscal_code: string;
  pec: string;
  codice_destinatario: string;
  address: string;
  city: string;
  zip_code: string;
  country: string;
  /** the Italian province's two letters, written on the e-invoice */
  province: string;
  /** the invoices' language; '' is the billing country's */
  language: '' | 'it' | 'en' | 'de' | 'fr';
};
export type BillingField = Exclude<keyof BillingForm, 'kind' | 'language'>;
export const BILLING_FIELDS: readonly BillingField[] = [
  'legal_name',
  'first_name',
  'last_name',
  'vat',
  'fiscal_code',
  'pec',
  'codice_destinatario',
  'address',
  'city',
  'zip_code',
  'province',
  'country',
];
/** Message keys (libs/i18n 'validation.*') by field. */
export type BillingFormErrors = Partial<Record<BillingField, string>>;

export function billingFormOf(profile: BillingProfile | null, fallbackCountry = 'IT'): BillingForm {
  return {
    kind: profile?.kind ?? 'company',
    legal_name: profile?.legal_name ?? '',
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    vat: profile?.vat ?? '',
    fiscal_code: profile?.fiscal_code ?? '',
    pec: profile?.pec ?? '',
    codice_destinatario: profile?.codice_destinatario ?? '',
    address: profile?.address ?? '',
    city: profile?.city ?? '',
    zip_code: profile?.zip_code ?? '',
    country: profile?.country ?? fallbackCountry,
    province: profile?.province ?? '',
    language: profile?.language ?? '',
  };
}

const orNull = (value: string): string | null => (value.trim().length > 0 ? value.trim() : null);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The field each result code of the builder is about (as the billing service answers it).
const BUILDER_FIELD: Record<2 | 3 | 4 | 5, BillingField> = { 2: 'vat', 3: 'vat', 4: 'fiscal_code', 5: 'codice_destinatario' };

/**
 * The messages the form shows before sending: required fields, a 2-letter country, the PEC's e-mail
 * format, and for an Italian profile the billing data builder of libs/domain (spec §5, R5.06–R5.09),
 * the same check the server makes.
 */
export function checkBillingForm(form: BillingForm): BillingFormErrors {
  const errors: BillingFormErrors = {};
  const required: BillingField[] =
    form.kind === 'company' ? ['legal_name', 'address', 'city', 'zip_code'] : ['first_name', 'last_name', 'address', 'city', 'zip_code'];
  for (const field of required) if (form[field].trim().length === 0) errors[field] = 'validation.required';
  if (!/^[A-Za-z]{2}$/.test(form.country.trim())) errors.country = 'validation.required';
  if (form.kind === 'company' && orNull(form.pec) !== null && !EMAIL.test(form.pec.trim())) errors.pec = 'validation.invalidEmail';
  if (errors.country) return errors;
  const profile = billingProfileOf(form);
  const checked = checkBillingProfile(profile);
  if (!checked.ok) errors[BUILDER_FIELD[checked.error]] ??= BILLING_DATA_ERROR_KEYS[checked.error];
  // what an Italian e-invoice cannot be written from (a name without Latin letters, a CAP not of five digits…)
  for (const [field, key] of Object.entries(eInvoiceFieldProblems(profile))) errors[field as BillingField] ??= key;
  return errors;
}

/** The PUT …/billing/data body: only the fields of the kind, empty values null. */
export function billingBodyOf(form: BillingForm): BillingProfileBody {
  return { profile: { ...billingProfileOf(form), language: form.language === '' ? null : form.language } };
}

/** The server's field messages by form field: the contract names them by the body's path (profile.address). */
export function billingFieldErrors(fields: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, key]) => [name.replace(/^profile\./, ''), key]));
}

/** R9.02 what a plan costs a salon with its stores: the plan and €10.00 a month for each store beyond it. */
export function salonPlanCost(plan: BillingPlan, storeCount: number): { extra: number; extraCents: number; monthlyCents: number } {
  const extra = extraStores(plan, storeCount);
  return { extra, extraCents: EXTRA_STORE_MONTHLY_CENTS, monthlyCents: (plan.monthly_cents ?? 0) + extra * EXTRA_STORE_MONTHLY_CENTS };
}

/** The profile the form sends, and the one libs/domain's builder checks before (the same object). */
function billingProfileOf(form: BillingForm): DomainProfile {
  const address = {
    address: form.address.trim(),
    city: form.city.trim(),
    zip_code: form.zip_code.trim(),
    country: form.country.trim().toUpperCase(),
    province: orNull(form.province)?.toUpperCase() ?? null,
  };
  return form.kind === 'company'
    ? {
        kind: 'company',
        legal_name: form.legal_name.trim(),
        vat: orNull(form.vat),
        fiscal_code: orNull(form.fiscal_code),
        pec: orNull(form.pec),
        codice_destinatario: orNull(form.codice_destinatario),
        ...address,
      }
    : {
        kind: 'private',
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        fiscal_code: orNull(form.fiscal_code),
        ...address,
      };
}

/** Integer cents as the screens show them: '€ 19,00'. */
export function euros(cents: number): string {
  return `€ ${formatAmount(cents, { pad: true })}`;
}

/** Plans that can be bought here, cheapest first. */
export function purchasablePlans(plans: readonly BillingPlan[]): BillingPlan[] {
  return plans.filter((plan) => plan.purchasable && plan.monthly_cents !== null).sort((a, b) => a.tier - b.tier);
}

export type PlanChange = { kind: 'upgrade' | 'downgrade' | 'same' };

/** R1.22 an upgrade is charged now for the days left; a downgrade (or an equal fee) starts on the 1st. */
export function planChangeKind(current: BillingPlan | undefined, next: BillingPlan): PlanChange['kind'] {
  if (current && current.id === next.id) return 'same';
  return (next.monthly_cents ?? 0) > (current?.monthly_cents ?? 0) ? 'upgrade' : 'downgrade';
}

/** Today in Italy (the seller's calendar, which the 1st and the pro-rata days follow). */
export function todayInRome(now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });
}

export type PlanChangeOffer = { kind: 'upgrade' | 'downgrade' | 'same'; chargedNowCents: number };

/** R1.22 what a change from the current plan costs today: an upgrade the difference for the days left, else nothing. */
export function planChangeOffer(current: BillingPlan | undefined, next: BillingPlan, today: string = todayInRome()): PlanChangeOffer {
  const kind = planChangeKind(current, next);
  const chargedNowCents = kind === 'upgrade' ? planChangeCents(current?.monthly_cents ?? 0, next.monthly_cents ?? 0, today) : 0;
  return { kind, chargedNowCents };
}
