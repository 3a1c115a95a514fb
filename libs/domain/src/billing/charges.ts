import { TRIAL_FREE_MESSAGES, OVER_PLAN_FREE_MESSAGES, OVER_PLAN_PRICE_CENTS } from '../messaging/message-quota';
import { EXTRA_STORE_MONTHLY_CENTS, extraStores, planPriceCents, type Plan } from './plans';

// spec §1 and §9 (R1.21, R1.22, R9.02): what a salon is charged, in integer cents.

/** A calendar date in the billing time zone: 'YYYY-MM-DD'. */
export type IsoDate = string;
/** A billing month: 'YYYY-MM'. */
export type BillingPeriod = string;

/** Premium's free reminders in its first 30 days (the same 50 the trial has). */
export const PREMIUM_WELCOME_REMINDERS = TRIAL_FREE_MESSAGES;
export const PREMIUM_WELCOME_DAYS = 30;
/** Billing runs on this day of each month. */
export const BILLING_DAY = 1;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: IsoDate): { year: number; month: number; day: number } {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a calendar date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function periodOf(date: IsoDate): BillingPeriod {
  return date.slice(0, 7);
}

/** The month after a period ('2026-12' → '2027-01'). */
export function nextPeriod(period: BillingPeriod): BillingPeriod {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function previousPeriod(period: BillingPeriod): BillingPeriod {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** a × b / c rounded half up, in integers (no float cents). */
export function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** The days of the month from `start` to its last day, both counted. */
export function daysLeftInMonth(start: IsoDate): { days: number; of: number } {
  const { year, month, day } = parts(start);
  const of = daysInMonth(year, month);
  return { days: of - day + 1, of };
}

/** R1.22 the first month is pro-rata: the monthly amount × days left (the start counted) ÷ days in the month. */
export function proRataCents(monthlyCents: number, start: IsoDate): number {
  const { days, of } = daysLeftInMonth(start);
  return mulDivRound(monthlyCents, days, of);
}

/** The net monthly fee of a plan with its stores: the plan plus €10.00 per extra store (R9.02). */
export function monthlyFeeCents(plan: Plan, storeCount: number, customMonthlyCents: number | null = null): number {
  return planPriceCents(plan, customMonthlyCents) + extraStores(plan, storeCount) * EXTRA_STORE_MONTHLY_CENTS;
}

export type ReminderUsage = {
  /** reminders sent in the month */
  sent: number;
  /** of them, those sent in the plan's first 30 days (Premium: the first 50 of these are free) */
  sentInWelcomeWindow: number;
  /** the plan's monthly reminders */
  included: number;
  /** the welcome reminders already granted in an earlier month (the 30 days can span two months) */
  welcomeUsedBefore?: number;
  premium: boolean;
};

export type ReminderBill = { welcome: number; fromPlan: number; freeExtra: number; billed: number; billedCents: number };

/**
 * R1.21, R9.02 a month's reminders: Premium's first 30 days give 50 free; then the plan's monthly
 * reminders; once those are used the first 10 more are free; the rest cost €0.20 each plus VAT,
 * billed the next month.
 */
export function reminderBill(usage: ReminderUsage): ReminderBill {
  const sent = Math.max(0, usage.sent);
  const welcomeLeft = usage.premium ? Math.max(0, PREMIUM_WELCOME_REMINDERS - (usage.welcomeUsedBefore ?? 0)) : 0;
  const welcome = Math.min(welcomeLeft, Math.max(0, usage.sentInWelcomeWindow), sent);
  const fromPlan = Math.min(Math.max(0, usage.included), sent - welcome);
  const freeExtra = Math.min(OVER_PLAN_FREE_MESSAGES, sent - welcome - fromPlan);
  const billed = sent - welcome - fromPlan - freeExtra;
  return { welcome, fromPlan, freeExtra, billed, billedCents: billed * OVER_PLAN_PRICE_CENTS };
}

/**
 * A plan change within the month: an upgrade charges the difference for the days left now (R1.22's
 * pro-rata rule); a downgrade or an equal fee charges nothing now and the new fee applies on the 1st.
 */
export function planChangeCents(oldMonthlyCents: number, newMonthlyCents: number, on: IsoDate): number {
  const difference = newMonthlyCents - oldMonthlyCents;
  return difference > 0 ? proRataCents(difference, on) : 0;
}

/** The smallest charge a card network takes in euros (Stripe's minimum charge amount for EUR is €0.50). */
export const MINIMUM_CHARGE_CENTS = 50;

/**
 * Whether an amount (with VAT) can be charged on its own; a smaller one, an upgrade's difference on the
 * last days of a month, is carried to the next month's invoice instead of failing.
 */
export function chargeableAlone(grossCents: number): boolean {
  return grossCents >= MINIMUM_CHARGE_CENTS;
}
