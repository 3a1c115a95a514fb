import type { Organization } from '@pawline/api-client';
import { planOfTier, type PremiumFeature } from '@pawline/domain';

// spec §2 marks these pages premium (R2.03): each is one feature of R1.20's list, which the plan the
// organization has may lack (Basic and Standard have fewer than Premium). The server refuses it too (ADR 0029).
/** The features a whole page stands for (each has its name and text in the shell's catalogue). */
export type PremiumPageFeature = Extract<PremiumFeature, 'whatsapp_reminders' | 'online_booking' | 'salon_statistics'>;

const PREMIUM_PAGES: readonly { path: string; feature: PremiumPageFeature }[] = [
  { path: '/:orgaId/store/:storeId/messages/*', feature: 'whatsapp_reminders' },
  { path: '/:orgaId/store/:storeId/marketing/*', feature: 'whatsapp_reminders' },
  { path: '/:orgaId/store/:storeId/booking/*', feature: 'online_booking' },
  { path: '/:orgaId/store/:storeId/admin/analyses/*', feature: 'salon_statistics' },
  { path: '/:orgaId', feature: 'salon_statistics' },
];

/** The premium feature a page of the remotes manifest is, or null for the others. */
export function premiumFeatureOf(path: string): PremiumPageFeature | null {
  return PREMIUM_PAGES.find((page) => page.path === path)?.feature ?? null;
}

/** The feature of a premium page the organization's plan lacks, or null when its plan has it (the trial has all). */
export function missingFeature(path: string, orga: Pick<Organization, 'tier'> | null): PremiumPageFeature | null {
  const feature = premiumFeatureOf(path);
  if (!feature || !orga) return null;
  return planOfTier(orga.tier).features.includes(feature) ? null : feature;
}
