// Local wall-clock time of a store ↔ UTC instant, with Intl only (no tz database of our own): scheduling places
// appointments with it, messaging finds when reminders are due.

export type LocalDateTime = { year: number; month: number; day: number; hour: number; min: number; sec: number };
export type LocalDate = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Enough for every zone and language a process meets; past it the oldest formatter is dropped. */
const FORMATTERS_MAX = 1000;

/**
 * One Intl.DateTimeFormat per locale and options, made once and reused. Making one costs about a
 * millisecond and ICU memory outside the JavaScript heap, freed only when it is collected: made per event,
 * they grew billing by 50–70 MB during a reminder burst and the messaging workers by 20–40 MB.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= FORMATTERS_MAX) formatters.delete(formatters.keys().next().value as string);
    formatters.set(key, formatter);
  }
  return formatter;
}

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The calendar day of an instant in a time zone, YYYY-MM-DD. */
export function localDateOf(at: Date | number, timeZone: string): string {
  const local = instantToLocal(typeof at === 'number' ? at : at.getTime(), timeZone);
  return `${local.year}-${pad2(local.month)}-${pad2(local.day)}`;
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
