import { CALENDAR_VIEWS, DEFAULT_CALENDAR_VIEW, type CalendarView } from '@pawline/domain';
import { addDays, addMonths, dayParts, isoDay, startOfWeek, weekdayOf, type IsoDay } from './calendar-dates';

// spec §2 (R2.10, R1.04): the calendar menu; the last chosen view is kept locally.
export const CALENDAR_VIEW_STORAGE_KEY = 'calendar_view';

/** The menu order: Day, Day by user, Week, Mon-Fri, 4 days, Month, Year. */
export const MENU_VIEWS: readonly CalendarView[] = CALENDAR_VIEWS;

export type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function isCalendarView(value: string | null | undefined): value is CalendarView {
  return value !== null && value !== undefined && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

/** The remembered view, or Week (R9.08) when none or an unknown one is stored. */
export function readStoredView(storage: ViewStorage | null): CalendarView {
  return initialView(storage, false);
}

/**
 * The view the calendar opens in: the one last chosen on this device, else Day on a narrow screen
 * (a phone: seven columns do not fit, issue 16), else Week (R9.08).
 */
export function initialView(storage: ViewStorage | null, narrowScreen: boolean): CalendarView {
  try {
    const stored = storage?.getItem(CALENDAR_VIEW_STORAGE_KEY);
    if (isCalendarView(stored)) return stored;
  } catch {
    // unreadable storage: as if nothing were remembered
  }
  return narrowScreen ? 'day' : DEFAULT_CALENDAR_VIEW;
}

export function rememberView(storage: ViewStorage | null, view: CalendarView): void {
  try {
    storage?.setItem(CALENDAR_VIEW_STORAGE_KEY, view);
  } catch {
    // private mode or full storage: the choice lasts for this page only
  }
}

/** Views drawn as a time grid (hours down, days or staff across). */
export function isTimeGridView(view: CalendarView): boolean {
  return view !== 'month' && view !== 'year';
}

/** The days of the month grid: whole weeks from Monday, covering the anchor's month. */
export function monthGridDays(anchor: IsoDay): IsoDay[] {
  const { year, month } = dayParts(anchor);
  const first = isoDay(year, month, 1);
  const last = isoDay(year, month + 1, 0);
  const start = startOfWeek(first);
  const end = addDays(last, 6 - weekdayOf(last));
  const days: IsoDay[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The days a view shows around its anchor day. */
export function visibleDays(view: CalendarView, anchor: IsoDay): IsoDay[] {
  const run = (start: IsoDay, count: number) => Array.from({ length: count }, (_, i) => addDays(start, i));
  switch (view) {
    case 'day':
    case 'day_by_user':
      return [anchor];
    case 'week':
      return run(startOfWeek(anchor), 7);
    case 'mon_fri':
      return run(startOfWeek(anchor), 5);
    case 'four_days':
      return run(anchor, 4);
    case 'month':
      return monthGridDays(anchor);
    case 'year': {
      const { year } = dayParts(anchor);
      const start = isoDay(year, 1, 1);
      const count = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
      return run(start, count);
    }
  }
}

/** The anchor of the previous (-1) or next (+1) page of a view. */
export function shiftAnchor(view: CalendarView, anchor: IsoDay, step: -1 | 1): IsoDay {
  switch (view) {
    case 'day':
    case 'day_by_user':
      return addDays(anchor, step);
    case 'week':
    case 'mon_fri':
      return addDays(anchor, 7 * step);
    case 'four_days':
      return addDays(anchor, 4 * step);
    case 'month':
      return addMonths(anchor, step);
    case 'year':
      return addMonths(anchor, 12 * step);
  }
}

export type SixDateParts = { y: number; m: number; d: number; y2: number; m2: number; d2: number };

/** Only the visible range is fetched (issue 5): its first and last day as the six date parts of R7.05. */
export function visibleRange(view: CalendarView, anchor: IsoDay): SixDateParts {
  const days = visibleDays(view, anchor);
  const first = dayParts(days[0] ?? anchor);
  const last = dayParts(days[days.length - 1] ?? anchor);
  return { y: first.year, m: first.month, d: first.day, y2: last.year, m2: last.month, d2: last.day };
}
