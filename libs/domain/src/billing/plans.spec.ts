import { HISTORY_DAYS_WITHOUT_FULL_HISTORY, PLANS, historyWindowStart, planHasFeature, planOfOrganization, quotaAllows } from './plans';

describe('plans and their entitlements', () => {
  it('R1.19 R1.20 Premium unlocks every premium feature; the Free plan none; Basic tags without attachments or full history', () => {
    expect(PLANS.premium.features).toEqual([
      'full_history',
      'tags',
      'attachments',
      'pet_images',
      'whatsapp_reminders',
      'salon_statistics',
      'customer_statistics',
      'online_booking',
      'detailed_pet_notes',
    ]);
    expect(PLANS.free_plan.features).toEqual([]);
    expect(planHasFeature(PLANS.basic, 'tags')).toBe(true);
    expect(planHasFeature(PLANS.basic, 'full_history')).toBe(false);
    expect(quotaAllows(PLANS.basic, 'attachments', 0)).toBe(false);
    expect(quotaAllows(PLANS.basic, 'tags', 19)).toBe(true);
    expect(quotaAllows(PLANS.basic, 'tags', 20)).toBe(false);
  });

  it('R1.19 the Customized plan takes the limits an operator agreed in place of its defaults; other tiers ignore them', () => {
    const custom = planOfOrganization(5, { tags: 2, users: null, attachments: 10, pet_images: 9, monthly_reminders: 1200 });
    expect(custom.quotas).toEqual({ users: null, stores: null, tags: 2, attachments: 10, pet_images: 4, monthly_reminders: 1200 });
    expect(quotaAllows(custom, 'tags', 1)).toBe(true);
    expect(quotaAllows(custom, 'tags', 2)).toBe(false);
    expect(planOfOrganization(5, null).quotas).toEqual(PLANS.customized.quotas);
    expect(planOfOrganization(5, {}).quotas).toEqual(PLANS.customized.quotas);
    expect(planOfOrganization(2, { tags: 1000 })).toBe(PLANS.basic);
    expect(planOfOrganization(5, { pet_images: -1 }).quotas.pet_images).toBe(0);
  });

  it('R1.20 without full history past appointments are read back 90 days; with it there is no window', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(HISTORY_DAYS_WITHOUT_FULL_HISTORY).toBe(90);
    expect(historyWindowStart(PLANS.basic, now)?.toISOString()).toBe('2026-08-26T12:00:00.000Z');
    expect(historyWindowStart(PLANS.free_plan, now)).not.toBeNull();
    expect(historyWindowStart(PLANS.standard, now)).toBeNull();
    expect(historyWindowStart(PLANS.free_trial, now)).toBeNull();
  });
});
