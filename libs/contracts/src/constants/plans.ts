// spec §1 (R1.19, R1.20): the plans and what they unlock; libs/domain billing/plans.ts holds their prices and limits.

/** R1.19 the plans, in the order of the tier the organization carries (tier 0 the trial, above 0 paid). */
export const PLAN_IDS = ['free_trial', 'free_plan', 'basic', 'standard', 'premium', 'customized'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** R1.20 what Premium unlocks; a plan without a feature is refused it by the server. */
export const PREMIUM_FEATURES = [
  'full_history',
  'tags',
  'attachments',
  'pet_images',
  'whatsapp_reminders',
  'salon_statistics',
  'customer_statistics',
  'online_booking',
  'detailed_pet_notes',
] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/** The counted limits of a plan, which an operator may set for the Customized plan (docs/adr/0031). */
export const PLAN_LIMIT_KEYS = ['users', 'stores', 'tags', 'attachments', 'pet_images', 'monthly_reminders'] as const;
export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];
