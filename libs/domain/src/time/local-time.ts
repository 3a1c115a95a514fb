// Local wall-clock time of a store ↔ UTC instant, with Intl only (no tz database of our own): scheduling places
// appointments with it, messaging finds when reminders are due.

export type LocalDateTime = { year: number; month: number; day: number; hour: number; min: number; sec: number };
export type LocalDate = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at the instant `epochMs`. */
export function instantToLocal(epochMs: number, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    hour: parts['hour'] ?? 0,
    min: parts['minute'] ?? 0,
    sec: parts['second'] ?? 0,
  };
}

function wallAsUtc(local: LocalDateTime): number {
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.min, local.sec);
}

/** Offset of `timeZone` from UTC at an instant, in ms (Europe/Rome in summer: +7,200,000). */
export function offsetAt(epochMs: number, timeZone: string): number {
  const whole = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return wallAsUtc(instantToLocal(whole, timeZone)) - whole;
}

function sameWallTime(a: LocalDateTime, b: LocalDateTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.min === b.min && a.sec === b.sec;
}

/**
 * The instant of a store's wall-clock time. Like Temporal's 'compatible' disambiguation:
 * a time repeated when clocks go back (Europe/Rome, last Sunday of October 02:00–03:00) is the
 * earlier of the two instants; a time skipped when clocks go forward (last Sunday of March
 * 02:00–03:00) moves forward by the gap (02:30 → 03:30 summer time).
 */
export function localToInstant(local: LocalDateTime, timeZone: string): number {
  const guess = wallAsUtc(local);
  const day = 24 * 60 * 60 * 1000;
  const offsetBefore = offsetAt(guess - day, timeZone);
  const offsetAfter = offsetAt(guess + day, timeZone);
  const candidates = [guess - offsetBefore, guess - offsetAfter].filter((at) => sameWallTime(instantToLocal(at, timeZone), local));
  if (candidates.length > 0) return Math.min(...candidates);
  // skipped: read the wall time with the offset from before the change, which lands after the gap
  return guess - offsetBefore;
}

export function parseLocalDate(date: string): LocalDate {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
}

export function formatLocalDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Whether year-month-day names a real calendar day (no 31 February). */
export function isRealDate(date: LocalDate): boolean {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return at.getUTCFullYear() === date.year && at.getUTCMonth() === date.month - 1 && at.getUTCDate() === date.day;
}

/** Whole days from a to b (calendar days, no time zone involved). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}
