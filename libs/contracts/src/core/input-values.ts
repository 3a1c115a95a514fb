import { z } from 'zod';

/**
 * Values a client sends that every store of ours can hold: Postgres text refuses U+0000 (22021,
 * which was a 500), and a lone UTF-16 surrogate has no UTF-8 form (it would be stored as U+FFFD,
 * not as what was sent). The gateway refuses both in every string of a body or query
 * (services/gateway/src/http/input-text.ts); the check lives here so services can use it too.
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

export const UNSAFE_TEXT_MESSAGE = 'Contains a NUL character or an unpaired surrogate';

/** Years every store of ours and the browser's Date hold (Postgres has no year 0; the ISO form has 4 digits). */
export const YEAR_MIN = 1;
export const YEAR_MAX = 9999;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real day of the Gregorian calendar written YYYY-MM-DD, years 1 to 9999 ('2027-02-30' and '0000-01-01' are not). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar day as a client writes it (YYYY-MM-DD, a real day, years 1 to 9999). */
export const calendarDateSchema = z.string().refine(isCalendarDate, 'Invalid date');

/**
 * An ISO date-time with an offset whose day is a real one and whose instant falls in years 1 to
 * 9999 in UTC too ('0000-01-01T00:00Z' and '2027-02-31T10:00Z' are not).
 */
export function isInstantText(text: string): boolean {
  if (!z.iso.datetime({ offset: true }).safeParse(text).success) return false;
  if (!isCalendarDate(text.slice(0, 10))) return false;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return false;
  const year = instant.getUTCFullYear();
  return year >= YEAR_MIN && year <= YEAR_MAX;
}

export const instantTextSchema = z.string().refine(isInstantText, 'Invalid date-time');
