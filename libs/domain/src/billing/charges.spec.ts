import fc from 'fast-check';
import {
  chargeableAlone,
  daysInMonth,
  monthlyFeeCents,
  mulDivRound,
  nextPeriod,
  planChangeCents,
  previousPeriod,
  proRataCents,
  reminderBill,
} from './charges';
import { firstInvoiceLines, invoiceTotals, line, monthlyInvoiceLines } from './invoice';
import {
  EXTRA_STORE_MONTHLY_CENTS,
  PLANS,
  PLAN_IDS,
  extraStores,
  planHasFeature,
  planOfTier,
  quotaAllows,
  PREMIUM_FEATURES,
} from './plans';

describe('plans', () => {
  it('R1.19 has Basic, Standard, Premium, Free plan, Free trial and Customized, one tier each, the trial at 0', () => {
    expect([...PLAN_IDS].sort()).toEqual(['basic', 'customized', 'free_plan', 'free_trial', 'premium', 'standard']);
    expect(new Set(PLAN_IDS.map((id) => PLANS[id].tier)).size).toBe(6);
    expect(planOfTier(0).id).toBe('free_trial');
    expect(planOfTier(4).id).toBe('premium');
    expect(planOfTier(17).id).toBe('customized');
  });

  it('R1.20 Premium unlocks full history, tags, attachments, pet images, reminders, both statistics, booking and detailed notes', () => {
    for (const feature of PREMIUM_FEATURES) expect(planHasFeature(PLANS.premium, feature)).toBe(true);
    expect(PLANS.premium.quotas.users).toBeNull();
    expect(planHasFeature(PLANS.free_plan, 'tags')).toBe(false);
    expect(planHasFeature(PLANS.basic, 'online_booking')).toBe(false);
    expect(quotaAllows(PLANS.free_plan, 'users', 1)).toBe(false);
    expect(quotaAllows(PLANS.basic, 'users', 1)).toBe(true);
    expect(quotaAllows(PLANS.basic, 'users', 2)).toBe(false);
    expect(quotaAllows(PLANS.premium, 'users', 500)).toBe(true);
  });

  it('R2.03 tier 1 (Free plan) has no online booking, tiers above 1 and the trial have it where their plan does', () => {
    expect(planHasFeature(planOfTier(1), 'online_booking')).toBe(false);
    expect(planHasFeature(planOfTier(0), 'online_booking')).toBe(true);
    expect(planHasFeature(planOfTier(4), 'online_booking')).toBe(true);
  });

  it('R9.02 a paid plan may add stores at €10.00 a month each; the trial and the free plan may not', () => {
    expect(EXTRA_STORE_MONTHLY_CENTS).toBe(1000);
    expect(extraStores(PLANS.premium, 3)).toBe(2);
    expect(extraStores(PLANS.premium, 1)).toBe(0);
    expect(quotaAllows(PLANS.premium, 'stores', 5)).toBe(true);
    expect(quotaAllows(PLANS.free_plan, 'stores', 1)).toBe(false);
    expect(extraStores(PLANS.free_trial, 3)).toBe(0);
    expect(monthlyFeeCents(PLANS.premium, 3)).toBe(4900 + 2000);
    expect(monthlyFeeCents(PLANS.customized, 1, 12_000)).toBe(12_000);
  });
});

describe('charges in integer cents', () => {
  it('R1.22 charges the first month pro-rata from the start day, both ends counted', () => {
    expect(proRataCents(4900, '2026-11-01')).toBe(4900);
    expect(proRataCents(4900, '2026-11-30')).toBe(163); // 4900 × 1/30 = 163.33
    expect(proRataCents(4900, '2026-11-16')).toBe(2450); // 15 of 30 days
    expect(proRataCents(4900, '2026-02-15')).toBe(2450); // 14 of 28 days
    expect(proRataCents(2900, '2028-02-15')).toBe(1500); // leap year: 15 of 29 days
    expect(proRataCents(1000, '2026-12-31')).toBe(32); // 1000 / 31 = 32.26
  });

  it('property: a pro-rata charge is between 0 and the full month, and the 1st is the full amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 2020, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (cents, year, month, day) => {
          const d = Math.min(day, daysInMonth(year, month));
          const date = `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const charge = proRataCents(cents, date);
          expect(Number.isInteger(charge)).toBe(true);
          expect(charge).toBeGreaterThanOrEqual(0);
          expect(charge).toBeLessThanOrEqual(cents);
          if (d === 1) expect(charge).toBe(cents);
        },
      ),
    );
  });

  it('rounds half up without floating cents', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(4900, 22, 100)).toBe(1078);
    expect(mulDivRound(163, 22, 100)).toBe(36); // 35.86
    expect(mulDivRound(25, 22, 100)).toBe(6); // 5.5 → 6
  });

  it('R1.22 an upgrade within the month charges the difference for the days left; a downgrade waits for the 1st', () => {
    expect(planChangeCents(1900, 4900, '2026-11-16')).toBe(1500);
    expect(planChangeCents(4900, 1900, '2026-11-16')).toBe(0);
  });

  it("an upgrade's difference under the €0.50 minimum charge is carried to the next invoice, not charged alone", () => {
    // Basic to Standard on December 31st: 10.00 × 1/31 = 0.32 net, 0.39 with VAT
    const cents = planChangeCents(1900, 2900, '2026-12-31');
    expect(cents).toBe(32);
    expect(chargeableAlone(invoiceTotals([line('plan_change', 'x', 1, cents)]).gross_cents)).toBe(false);
    expect(chargeableAlone(50)).toBe(true);
    expect(chargeableAlone(planChangeCents(1900, 4900, '2026-12-16'))).toBe(true);
  });

  it('walks billing months across the year', () => {
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(nextPeriod('2026-09')).toBe('2026-10');
    expect(previousPeriod('2027-01')).toBe('2026-12');
  });
});

describe('reminders', () => {
  it('R1.21 Premium gives 50 free reminders in its first 30 days, before the plan counts', () => {
    expect(reminderBill({ sent: 40, sentInWelcomeWindow: 40, included: 0, premium: true })).toEqual({
      welcome: 40,
      fromPlan: 0,
      freeExtra: 0,
      billed: 0,
      billedCents: 0,
    });
    const bill = reminderBill({ sent: 80, sentInWelcomeWindow: 80, included: 0, premium: true });
    expect(bill).toMatchObject({ welcome: 50, freeExtra: 10, billed: 20, billedCents: 400 });
    // the 30 days spanned two months: 30 of the 50 were given last month
    expect(reminderBill({ sent: 30, sentInWelcomeWindow: 30, included: 0, premium: true, welcomeUsedBefore: 30 })).toMatchObject({
      welcome: 20,
      freeExtra: 10,
      billed: 0,
    });
    expect(reminderBill({ sent: 30, sentInWelcomeWindow: 30, included: 0, premium: false }).welcome).toBe(0);
  });

  it('R9.02 R8.09 over the plan the first 10 are free, then €0.20 each', () => {
    expect(reminderBill({ sent: 500, sentInWelcomeWindow: 0, included: 500, premium: true })).toMatchObject({ fromPlan: 500, billed: 0 });
    expect(reminderBill({ sent: 510, sentInWelcomeWindow: 0, included: 500, premium: true })).toMatchObject({ freeExtra: 10, billed: 0 });
    expect(reminderBill({ sent: 511, sentInWelcomeWindow: 0, included: 500, premium: true })).toMatchObject({ billed: 1, billedCents: 20 });
    expect(reminderBill({ sent: 600, sentInWelcomeWindow: 0, included: 500, premium: true })).toMatchObject({
      billed: 90,
      billedCents: 1800,
    });
  });

  it('property: every reminder is counted once, as welcome, plan, free extra or billed', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(2000), fc.nat(1000), fc.boolean(), (sent, inWindow, included, premium) => {
        const bill = reminderBill({ sent, sentInWelcomeWindow: Math.min(sent, inWindow), included, premium });
        expect(bill.welcome + bill.fromPlan + bill.freeExtra + bill.billed).toBe(sent);
        expect(bill.billedCents).toBe(bill.billed * 20);
      }),
    );
  });
});

describe('invoices with VAT', () => {
  it('R1.22 the first invoice is the plan and extra stores pro-rata, with 22% VAT', () => {
    const lines = firstInvoiceLines(PLANS.premium, 2, '2026-11-16');
    expect(lines).toEqual([
      {
        kind: 'plan_pro_rata',
        description: 'Premium 2026-11-16 (15/30 days)',
        quantity: 1,
        unit_cents: 2450,
        net_cents: 2450,
        detail: { plan: 'premium', start: '2026-11-16', end: '2026-11-30', days: 15, of: 30 },
      },
      {
        kind: 'extra_store_pro_rata',
        description: 'Extra store 2026-11-16 (15/30 days)',
        quantity: 1,
        unit_cents: 500,
        net_cents: 500,
        detail: { start: '2026-11-16', end: '2026-11-30', days: 15, of: 30 },
      },
    ]);
    expect(invoiceTotals(lines)).toEqual({ net_cents: 2950, vat_percent: 22, vat_cents: 649, gross_cents: 3599 });
  });

  it("R9.02 the invoice of the 1st: the month's plan, €10.00 per extra store and last month's reminders at €0.20, plus VAT", () => {
    const reminders = reminderBill({ sent: 560, sentInWelcomeWindow: 0, included: 500, premium: true });
    // what the run passes: the plan and the stores the salon has, never a fee that already holds the stores
    const lines = monthlyInvoiceLines(PLANS.premium, 3, '2026-12', reminders);
    expect(lines.map((item) => [item.kind, item.quantity, item.unit_cents, item.net_cents])).toEqual([
      ['plan', 1, 4900, 4900],
      ['extra_store', 2, 1000, 2000],
      ['reminders_over_plan', 50, 20, 1000],
    ]);
    expect(invoiceTotals(lines)).toEqual({ net_cents: 7900, vat_percent: 22, vat_cents: 1738, gross_cents: 9638 });
    expect(monthlyInvoiceLines(PLANS.basic, 1, '2026-12', null)).toHaveLength(1);
  });

  it('R9.02 Standard with 2 stores is 29.00 for the plan and 10.00 for the extra store, each store billed once', () => {
    const lines = monthlyInvoiceLines(PLANS.standard, 2, '2026-12', null);
    expect(lines.map((item) => [item.kind, item.quantity, item.net_cents])).toEqual([
      ['plan', 1, 2900],
      ['extra_store', 1, 1000],
    ]);
    expect(monthlyInvoiceLines(PLANS.customized, 4, '2026-12', null, 9900).map((item) => item.net_cents)).toEqual([9900]);
  });

  it('property: the plan and store lines of a month add up to the monthly fee the plan page shows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAN_IDS),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
        (planId, stores, custom) => {
          const plan = PLANS[planId];
          const net = invoiceTotals(monthlyInvoiceLines(plan, stores, '2026-12', null, custom)).net_cents;
          expect(net).toBe(monthlyFeeCents(plan, stores, custom));
        },
      ),
    );
  });

  it('VAT is taken on the total net, rounded half up', () => {
    expect(invoiceTotals([line('plan', 'x', 1, 163)])).toEqual({ net_cents: 163, vat_percent: 22, vat_cents: 36, gross_cents: 199 });
    expect(invoiceTotals([])).toEqual({ net_cents: 0, vat_percent: 22, vat_cents: 0, gross_cents: 0 });
  });
});
