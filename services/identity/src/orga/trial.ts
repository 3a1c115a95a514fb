/** spec §9: the free trial lasts 15 days from the organization's creation (R1.02). */
export const FREE_TRIAL_DAYS = 15;

const dayMs = 24 * 60 * 60 * 1000;

/** End of the free trial, extended by a promo code's extra days. */
export function trialEndsAt(createdAt: Date, extraTrialDays = 0): Date {
  return new Date(createdAt.getTime() + (FREE_TRIAL_DAYS + extraTrialDays) * dayMs);
}

export type PromoCodeState = { expiresAt: Date | null };

/** A promo code counts while it has no expiry or its expiry lies in the future. */
export function isPromoCodeUsable(code: PromoCodeState, now: Date): boolean {
  return code.expiresAt === null || code.expiresAt.getTime() > now.getTime();
}
