import { EXTRA_STORE_MONTHLY_CENTS, VAT_PERCENT, extraStores, planPriceCents, type Plan } from './plans';
import { OVER_PLAN_PRICE_CENTS } from '../messaging/message-quota';
import { daysLeftInMonth, mulDivRound, proRataCents, type BillingPeriod, type IsoDate, type ReminderBill } from './charges';

// Invoices with lines and VAT (R1.22, R9.02): every amount in integer cents.

export type InvoiceLineKind = 'plan' | 'plan_pro_rata' | 'plan_change' | 'extra_store' | 'extra_store_pro_rata' | 'reminders_over_plan';

export type InvoiceLine = {
  kind: InvoiceLineKind;
  /** an English description for the PDF and the e-invoice; screens translate by kind */
  description: string;
  quantity: number;
  unit_cents: number;
  net_cents: number;
};

export type InvoiceTotals = { net_cents: number; vat_percent: number; vat_cents: number; gross_cents: number };

export function line(kind: InvoiceLineKind, description: string, quantity: number, unitCents: number, netCents?: number): InvoiceLine {
  return { kind, description, quantity, unit_cents: unitCents, net_cents: netCents ?? quantity * unitCents };
}

/** VAT on the sum of the net lines, rounded half up to the cent. */
export function invoiceTotals(lines: readonly InvoiceLine[], vatPercent = VAT_PERCENT): InvoiceTotals {
  const net = lines.reduce((sum, item) => sum + item.net_cents, 0);
  const vat = mulDivRound(net, vatPercent, 100);
  return { net_cents: net, vat_percent: vatPercent, vat_cents: vat, gross_cents: net + vat };
}

const planName = (plan: Plan) => plan.id.replace('_', ' ').replace(/^./, (c) => c.toUpperCase());

/** R1.22 the first invoice: the plan and its extra stores pro-rata from the start day to the month's end. */
export function firstInvoiceLines(plan: Plan, storeCount: number, start: IsoDate, customMonthlyCents: number | null = null): InvoiceLine[] {
  const { days, of } = daysLeftInMonth(start);
  const price = proRataCents(planPriceCents(plan, customMonthlyCents), start);
  const lines = [line('plan_pro_rata', `${planName(plan)} ${start} (${days}/${of} days)`, 1, price)];
  const extra = extraStores(plan, storeCount);
  if (extra > 0) {
    const unit = proRataCents(EXTRA_STORE_MONTHLY_CENTS, start);
    lines.push(line('extra_store_pro_rata', `Extra store ${start} (${days}/${of} days)`, extra, unit));
  }
  return lines;
}

/**
 * R1.22, R9.02 the invoice of the 1st: the plan's own price, €10.00 per extra store and last month's reminders
 * over the plan. It takes the plan and the store count, never a fee that already holds the extra stores, so
 * each store is billed once: its plan and store lines add up to `monthlyFeeCents`.
 */
export function monthlyInvoiceLines(
  plan: Plan,
  storeCount: number,
  period: BillingPeriod,
  lastMonthReminders: ReminderBill | null,
  customMonthlyCents: number | null = null,
): InvoiceLine[] {
  const lines = [line('plan', `${planName(plan)} ${period}`, 1, planPriceCents(plan, customMonthlyCents))];
  const extra = extraStores(plan, storeCount);
  if (extra > 0) lines.push(line('extra_store', `Extra store ${period}`, extra, EXTRA_STORE_MONTHLY_CENTS));
  if (lastMonthReminders && lastMonthReminders.billed > 0) {
    lines.push(
      line('reminders_over_plan', 'WhatsApp reminders over the plan, previous month', lastMonthReminders.billed, OVER_PLAN_PRICE_CENTS),
    );
  }
  return lines;
}
