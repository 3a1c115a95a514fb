import { EXTRA_STORE_MONTHLY_CENTS, VAT_PERCENT, extraStores, planPriceCents, type Plan, type PlanId } from './plans';
import { OVER_PLAN_PRICE_CENTS } from '../messaging/message-quota';
import {
  daysInMonth,
  daysLeftInMonth,
  mulDivRound,
  previousPeriod,
  proRataCents,
  type BillingPeriod,
  type IsoDate,
  type ReminderBill,
} from './charges';

// Invoices with lines and VAT (R1.22, R9.02): every amount in integer cents.

export type InvoiceLineKind = 'plan' | 'plan_pro_rata' | 'plan_change' | 'extra_store' | 'extra_store_pro_rata' | 'reminders_over_plan';

/** What a line is for, so the PDF and the e-invoice can say it in any language (lines before it have none). */
export type InvoiceLineDetail = {
  plan?: PlanId;
  /** a plan change: the plan before */
  from_plan?: PlanId;
  /** the first and last day the line pays for (the e-invoice's DataInizioPeriodo and DataFinePeriodo) */
  start?: IsoDate;
  end?: IsoDate;
  /** pro-rata: the days paid of the month's days */
  days?: number;
  of?: number;
};

export type InvoiceLine = {
  kind: InvoiceLineKind;
  /** an English description, kept as issued; the PDF and the e-invoice say it from `detail` when there is one */
  description: string;
  quantity: number;
  unit_cents: number;
  net_cents: number;
  detail?: InvoiceLineDetail;
};

export type InvoiceTotals = { net_cents: number; vat_percent: number; vat_cents: number; gross_cents: number };

export function line(
  kind: InvoiceLineKind,
  description: string,
  quantity: number,
  unitCents: number,
  detail?: InvoiceLineDetail,
): InvoiceLine {
  return { kind, description, quantity, unit_cents: unitCents, net_cents: quantity * unitCents, ...(detail ? { detail } : {}) };
}

/** The first and the last day of a billing month. */
export function periodDays(period: BillingPeriod): { start: IsoDate; end: IsoDate } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { start: `${period}-01`, end: `${period}-${String(daysInMonth(year, month)).padStart(2, '0')}` };
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
  const span = { start, end: periodDays(start.slice(0, 7)).end, days, of };
  const price = proRataCents(planPriceCents(plan, customMonthlyCents), start);
  const lines = [line('plan_pro_rata', `${planName(plan)} ${start} (${days}/${of} days)`, 1, price, { plan: plan.id, ...span })];
  const extra = extraStores(plan, storeCount);
  if (extra > 0) {
    const unit = proRataCents(EXTRA_STORE_MONTHLY_CENTS, start);
    lines.push(line('extra_store_pro_rata', `Extra store ${start} (${days}/${of} days)`, extra, unit, span));
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
  const month = periodDays(period);
  const lines = [line('plan', `${planName(plan)} ${period}`, 1, planPriceCents(plan, customMonthlyCents), { plan: plan.id, ...month })];
  const extra = extraStores(plan, storeCount);
  if (extra > 0) lines.push(line('extra_store', `Extra store ${period}`, extra, EXTRA_STORE_MONTHLY_CENTS, month));
  if (lastMonthReminders && lastMonthReminders.billed > 0) {
    const description = 'WhatsApp reminders over the plan, previous month';
    lines.push(
      line('reminders_over_plan', description, lastMonthReminders.billed, OVER_PLAN_PRICE_CENTS, periodDays(previousPeriod(period))),
    );
  }
  return lines;
}

/** R1.22 an upgrade within the month: the difference for the days left, from `on` to the month's end. */
export function planChangeLine(from: Plan, to: Plan, cents: number, on: IsoDate): InvoiceLine {
  const { days, of } = daysLeftInMonth(on);
  const detail = { plan: to.id, from_plan: from.id, start: on, end: periodDays(on.slice(0, 7)).end, days, of };
  return line('plan_change', `${from.id} to ${to.id} from ${on}`, 1, cents, detail);
}
