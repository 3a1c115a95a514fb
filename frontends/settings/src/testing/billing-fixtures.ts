import { PLAN_IDS, PLANS } from '@pawline/domain';
import type { BillingPlan, BillingProfile, Invoice, Payment, Subscription } from '../billing/billing-api';
import { TEST_ORGA } from './mount-orga-settings';

export const PLANS_PATH = `/api/v1/orga/${TEST_ORGA}/plans`;
export const BILLING_DATA_PATH = `/api/v1/orga/${TEST_ORGA}/billing/data`;
export const SUBSCRIPTION_PATH = `/api/v1/orga/${TEST_ORGA}/subscription`;
export const INVOICES_PATH = `/api/v1/orga/${TEST_ORGA}/invoices`;
export const confirmPath = (paymentId: string) => `/api/v1/orga/${TEST_ORGA}/payment/${paymentId}/confirm`;

/** The plans of libs/domain as GET …/plans answers them. */
export const TEST_PLANS: BillingPlan[] = PLAN_IDS.map((id) => ({
  ...PLANS[id],
  features: [...PLANS[id].features],
  quotas: { ...PLANS[id].quotas },
}));

export const trialSubscription = (extra: Partial<Subscription> = {}): Subscription => ({
  orga_id: TEST_ORGA,
  plan_id: 'free_trial',
  tier: 0,
  state: 'free_trial',
  expiry_state: 1,
  active: true,
  remaining_days: 9,
  subscribed_since: null,
  subscribed_until: '2026-12-03T00:00:00.000Z',
  paid_through: null,
  store_count: 1,
  monthly_cents: 0,
  trial_banner: false,
  sidebar_percent: 30,
  pending_payment_id: null,
  pending_payment_redirect_url: null,
  ...extra,
});

/** After the free trial: subscribing is a checkout paid at once. */
export const expiredTrial = (extra: Partial<Subscription> = {}): Subscription =>
  trialSubscription({ state: 'expired_trial', active: false, expiry_state: 0, remaining_days: -1, trial_banner: false, ...extra });

export const paidSubscription = (extra: Partial<Subscription> = {}): Subscription =>
  trialSubscription({
    plan_id: 'standard',
    tier: 3,
    state: 'premium_active',
    expiry_state: -1,
    remaining_days: 0,
    subscribed_since: '2026-11-10T00:00:00.000Z',
    subscribed_until: '2026-11-30T23:00:00.000Z',
    paid_through: '2026-11-30T23:00:00.000Z',
    monthly_cents: 2900,
    ...extra,
  });

export const companyProfile = (extra: Partial<BillingProfile> = {}): BillingProfile => ({
  orga_id: TEST_ORGA,
  kind: 'company',
  legal_name: 'Toelettatura Fido srl',
  first_name: null,
  last_name: null,
  vat: '00159560366',
  fiscal_code: null,
  pec: null,
  codice_destinatario: 'M5UXCR1',
  address: 'Via Roma 1',
  city: 'Milano',
  zip_code: '20100',
  country: 'IT',
  billing_data: { codice_destinatario: 'M5UXCR1', pec: null, fiscal_code: null },
  ...extra,
});

export const PAYMENT_ID = '33333333-3333-4333-8333-333333333333';
export const payment = (extra: Partial<Payment> = {}): Payment => ({
  id: PAYMENT_ID,
  orga_id: TEST_ORGA,
  invoice_id: '44444444-4444-4444-8444-444444444444',
  amount_cents: 2130,
  status: 'pending',
  provider: 'sandbox',
  redirect_url: null,
  created_at: '2026-11-24T10:00:00.000Z',
  ...extra,
});

export const invoice = (n: number, extra: Partial<Invoice> = {}): Invoice => ({
  id: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`,
  orga_id: TEST_ORGA,
  number: `2026/${n}`,
  period: '2026-11',
  kind: 'first',
  issued_at: '2026-11-10T09:00:00.000Z',
  lines: [{ kind: 'plan', description: 'Standard', quantity: 1, unit_cents: 2030, net_cents: 2030 }],
  net_cents: 2030,
  vat_percent: 22,
  vat_cents: 447,
  gross_cents: 2477,
  status: 'paid',
  e_invoice: true,
  ...extra,
});
