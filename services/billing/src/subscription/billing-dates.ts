import { instantToLocal, localDateOf } from '@pawline/domain';

// Billing's calendar is Italy's: invoices are dated, numbered and billed by the day in Rome (the VAT period).
export const BILLING_TIME_ZONE = 'Europe/Rome';

/** The calendar date of an instant in the billing time zone. */
export function billingDate(at: Date): string {
  return localDateOf(at, BILLING_TIME_ZONE);
}

/** The year an invoice issued at an instant is numbered and dated in (Italy's, not UTC's). */
export function billingYear(at: Date): number {
  return Number(billingDate(at).slice(0, 4));
}

/** 00:00 in Rome on the 1st of the month after a date. */
export function firstOfNextMonth(date: string): Date {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1);
  // Rome is UTC+1 or +2; the 1st at 00:00 there is the last day at 22:00 or 23:00 UTC.
  const offsetHours = instantToLocal(next, BILLING_TIME_ZONE).hour;
  return new Date(next - offsetHours * 3_600_000);
}

/** The later of a paid-through date (maybe none yet) and a period's end. */
export function latest(paidThrough: Date | null, periodEnd: Date): Date {
  return paidThrough && new Date(paidThrough).getTime() > periodEnd.getTime() ? new Date(paidThrough) : periodEnd;
}
