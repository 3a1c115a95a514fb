// spec §9 (R9.08): the range the calendar loads around a month, and the day ordering.

/** A calendar day without a time zone; month is 1–12. */
export type CalendarDate = { year: number; month: number; day: number };
export type CalendarRange = { start: CalendarDate; end: CalendarDate };

export const CALENDAR_RANGE_PADDING_DAYS = 6;
export const CALENDAR_VIEWS = ['day', 'day_by_user', 'week', 'mon_fri', 'four_days', 'month', 'year'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_CALENDAR_VIEW: CalendarView = 'week';

// Date.UTC normalises overflowing months and days, and UTC has no daylight-saving days.
function fromUtc(ms: number): CalendarDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * From 6 days before the end of the previous month to 6 days after the start of the
 * month after next: the shown month and the next one, plus the weeks that spill over.
 */
export function calendarRange(reference: CalendarDate): CalendarRange {
  // Day 0 of a month is the last day of the month before it.
  const monthIndex = reference.month - 1;
  return {
    start: fromUtc(Date.UTC(reference.year, monthIndex, 0 - CALENDAR_RANGE_PADDING_DAYS)),
    end: fromUtc(Date.UTC(reference.year, monthIndex + 2, 1 + CALENDAR_RANGE_PADDING_DAYS)),
  };
}

/** The six date parts of the appointments range call (R7.05): y/m/d/y2/m2/d2. */
export function calendarRangePathParts(range: CalendarRange): [number, number, number, number, number, number] {
  return [range.start.year, range.start.month, range.start.day, range.end.year, range.end.month, range.end.day];
}

export type TimeOfDay = { hour: number; min: number; sec?: number | null };

function secondsOfDay(t: TimeOfDay): number {
  return t.hour * 3600 + t.min * 60 + (t.sec ?? 0);
}

/** R9.08 appointments of a day: the latest first. */
export function compareByDescendingTime(a: TimeOfDay, b: TimeOfDay): number {
  return secondsOfDay(b) - secondsOfDay(a);
}

export function sortDayByDescendingTime<T extends TimeOfDay>(appointments: readonly T[]): T[] {
  return [...appointments].sort(compareByDescendingTime);
}
