// Calendar days travel as 'YYYY-MM-DD' in the store's time zone; the arithmetic runs on UTC
// midnights so no daylight-saving day of the browser's own zone can shift a day.

/** A local calendar day of the store, 'YYYY-MM-DD'. */
export type IsoDay = string;

const DAY_MS = 86_400_000;

export function dayParts(day: IsoDay): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, day: date };
}

export function isoDay(year: number, month: number, day: number): IsoDay {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function utcMs(day: IsoDay): number {
  const p = dayParts(day);
  return Date.UTC(p.year, p.month - 1, p.day);
}

export function addDays(day: IsoDay, days: number): IsoDay {
  return new Date(utcMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

export function addMonths(day: IsoDay, months: number): IsoDay {
  const p = dayParts(day);
  const lastOfTarget = new Date(Date.UTC(p.year, p.month - 1 + months + 1, 0)).getUTCDate();
  return isoDay(p.year, p.month + months, Math.min(p.day, lastOfTarget));
}

/** Monday 0 … Sunday 6. */
export function weekdayOf(day: IsoDay): number {
  return (new Date(utcMs(day)).getUTCDay() + 6) % 7;
}

export function startOfWeek(day: IsoDay): IsoDay {
  return addDays(day, -weekdayOf(day));
}

export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** Today in a time zone (the store's), as the salon's wall calendar shows it. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): IsoDay {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function isValidIsoDay(value: string | null | undefined): value is IsoDay {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const p = dayParts(value);
  return isoDay(p.year, p.month, p.day) === value;
}

/** 'HH:MM' of minutes from midnight. */
export function clockText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
