import { PLAN_IDS, PLAN_LIMIT_KEYS, PREMIUM_FEATURES, type PlanId, type PremiumFeature } from '@pawline/contracts';

// spec §1 subscription and plans (R1.19, R1.20), §2 (tier 0 marks, booking above tier 1), §9 (R9.02).
// The lists of plans, features and limits are libs/contracts' constants; the plans' contents are here.
export { PLAN_IDS, PLAN_LIMIT_KEYS, PREMIUM_FEATURES, type PlanId, type PremiumFeature };

export const PLAN_TIERS: Readonly<Record<PlanId, number>> = {
  free_trial: 0,
  free_plan: 1,
  basic: 2,
  standard: 3,
  premium: 4,
  customized: 5,
};

/** Counted limits; null is unlimited. */
export type PlanQuotas = {
  users: number | null;
  stores: number | null;
  tags: number | null;
  attachments: number | null;
  /** per pet; spec §9 caps every plan at 4 */
  pet_images: number;
  /** WhatsApp reminders included each month */
  monthly_reminders: number;
};

export type Plan = {
  id: PlanId;
  tier: number;
  /** net monthly price in cents; null for Customized (agreed with support) and the free ones at 0 */
  monthly_cents: number | null;
  /** the plan can be bought on /{orgaId}/payment */
  purchasable: boolean;
  features: readonly PremiumFeature[];
  quotas: PlanQuotas;
};

/** spec §9: an extra store costs €10.00 a month plus VAT. */
export const EXTRA_STORE_MONTHLY_CENTS = 1000;
/** Italian standard VAT rate, in percent. */
export const VAT_PERCENT = 22;

const ALL_FEATURES = PREMIUM_FEATURES;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  // The trial shows what Premium does (its sidebar says 'Your premium features have expired' at the end).
  free_trial: {
    id: 'free_trial',
    tier: 0,
    monthly_cents: 0,
    purchasable: false,
    features: ALL_FEATURES,
    quotas: { users: null, stores: null, tags: null, attachments: null, pet_images: 4, monthly_reminders: 0 },
  },
  free_plan: {
    id: 'free_plan',
    tier: 1,
    monthly_cents: 0,
    purchasable: false,
    features: [],
    quotas: { users: 1, stores: 1, tags: 0, attachments: 0, pet_images: 0, monthly_reminders: 0 },
  },
  basic: {
    id: 'basic',
    tier: 2,
    monthly_cents: 1900,
    purchasable: true,
    features: ['tags', 'whatsapp_reminders'],
    quotas: { users: 2, stores: 1, tags: 20, attachments: 0, pet_images: 1, monthly_reminders: 100 },
  },
  standard: {
    id: 'standard',
    tier: 3,
    monthly_cents: 2900,
    purchasable: true,
    features: ['tags', 'whatsapp_reminders', 'attachments', 'pet_images', 'online_booking', 'full_history'],
    quotas: { users: 5, stores: 1, tags: null, attachments: 100, pet_images: 4, monthly_reminders: 250 },
  },
  // spec §9 example plan: 500 reminders a month.
  premium: {
    id: 'premium',
    tier: 4,
    monthly_cents: 4900,
    purchasable: true,
    features: ALL_FEATURES,
    quotas: { users: null, stores: 1, tags: null, attachments: null, pet_images: 4, monthly_reminders: 500 },
  },
  customized: {
    id: 'customized',
    tier: 5,
    monthly_cents: null,
    purchasable: false,
    features: ALL_FEATURES,
    quotas: { users: null, stores: null, tags: null, attachments: null, pet_images: 4, monthly_reminders: 500 },
  },
};

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan a tier stands for; an unknown paid tier is treated as Customized. */
export function planOfTier(tier: number): Plan {
  const found = PLAN_IDS.find((id) => PLAN_TIERS[id] === tier);
  return PLANS[found ?? (tier > 0 ? 'customized' : 'free_trial')];
}

/**
 * Limits agreed for one organization on the Customized plan (tier 5), set by an operator in billing
 * (docs/adr/0031). A missing key keeps the plan's default; null is unlimited.
 */
export type PlanLimits = Partial<PlanQuotas>;

/**
 * The plan an organization really has: its tier's, with the Customized limits an operator set for it
 * in place of the defaults (only tier 5 carries them; other tiers ignore any). pet_images stays within
 * spec §9's 4 per pet, monthly_reminders is a number.
 */
export function planOfOrganization(tier: number, limits?: PlanLimits | null): Plan {
  const plan = planOfTier(tier);
  if (plan.id !== 'customized' || !limits) return plan;
  const quotas: PlanQuotas = { ...plan.quotas };
  for (const key of PLAN_LIMIT_KEYS) {
    const value = limits[key];
    if (value === undefined) continue;
    if (key === 'pet_images') quotas.pet_images = Math.min(Math.max(value ?? 4, 0), 4);
    else if (key === 'monthly_reminders') quotas.monthly_reminders = Math.max(value ?? plan.quotas.monthly_reminders, 0);
    else quotas[key] = value === null ? null : Math.max(value, 0);
  }
  return { ...plan, quotas };
}

/**
 * Full appointment history (R1.20) is a premium feature; without it a salon reads past appointments
 * of this many days only (a product choice: spec §1 names the feature, not the window; docs/adr/0031).
 */
export const HISTORY_DAYS_WITHOUT_FULL_HISTORY = 90;

/** The earliest start of a past appointment the plan lets the salon read, or null (no limit). */
export function historyWindowStart(plan: Plan, now: Date): Date | null {
  if (planHasFeature(plan, 'full_history')) return null;
  return new Date(now.getTime() - HISTORY_DAYS_WITHOUT_FULL_HISTORY * 86_400_000);
}

/** The pet fields that make the detailed pet notes (R1.20): behaviour, free notes and medical notes. */
export const DETAILED_PET_NOTE_FIELDS = ['attitude', 'notes', 'medical'] as const;

export function planHasFeature(plan: Plan, feature: PremiumFeature): boolean {
  return plan.features.includes(feature);
}

export type QuotaName = 'users' | 'stores' | 'tags' | 'attachments' | 'pet_images';

/**
 * Whether one more of a counted thing fits. Stores beyond the plan's are allowed on paid plans that
 * sell them (R9.02 €10.00 a month each); the trial and the free plan stay at their number.
 */
export function quotaAllows(plan: Plan, quota: QuotaName, current: number): boolean {
  if (quota === 'stores' && plan.tier > 1) return true;
  const limit = plan.quotas[quota];
  return limit === null || current < limit;
}

/** A plan's own monthly price, without extra stores: Customized's is the one agreed with support. */
export function planPriceCents(plan: Plan, customMonthlyCents: number | null = null): number {
  return plan.monthly_cents ?? customMonthlyCents ?? 0;
}

/** R9.02 stores beyond the plan's included ones, each €10.00 a month plus VAT. */
export function extraStores(plan: Plan, storeCount: number): number {
  if (plan.tier <= 1 || plan.quotas.stores === null) return 0;
  return Math.max(0, storeCount - plan.quotas.stores);
}
