import type { RecurrenceUnit } from '@pawline/contracts';
import { addDays, daysBetween, type LocalDate } from '@pawline/domain';

/** An unlimited group is booked this far ahead; a group never holds more than RECURRING_MAX members. */
export const RECURRING_HORIZON_DAYS = 366;
export const RECURRING_MAX = 500;

export type RecurrenceRule = { unit: RecurrenceUnit; every: number; count: number | null; end: LocalDate | null };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The n-th date of a series. Months count from the first date, so the 31st falls on the last day
 * of shorter months and comes back to the 31st afterwards.
 */
export function nthOccurrence(start: LocalDate, unit: RecurrenceUnit, every: number, n: number): LocalDate {
  if (unit === 'day') return addDays(start, n * every);
  if (unit === 'week') return addDays(start, n * every * 7);
  const months = start.month - 1 + n * every;
  const year = start.year + Math.floor(months / 12);
  const month = (months % 12) + 1;
  return { year, month, day: Math.min(start.day, daysInMonth(year, month)) };
}

/**
 * R3.07 the dates of a recurring group: from the first date, every `every` units, `count` of them
 * or unlimited (count null), never after `end`; an unlimited series without end stops at the
 * booking horizon.
 */
export function occurrences(start: LocalDate, rule: RecurrenceRule): LocalDate[] {
  const dates: LocalDate[] = [];
  const limit = Math.min(rule.count ?? RECURRING_MAX, RECURRING_MAX);
  for (let n = 0; n < limit; n += 1) {
    const date = nthOccurrence(start, rule.unit, rule.every, n);
    if (rule.end && daysBetween(rule.end, date) > 0) break;
    if (rule.count === null && !rule.end && daysBetween(start, date) > RECURRING_HORIZON_DAYS) break;
    dates.push(date);
  }
  return dates;
}
