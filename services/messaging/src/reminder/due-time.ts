// When reminders are due (spec §1, §3, §9; R1.06, R9.03): at each store's slot in its own time zone, on its
// own local day. Pure functions over epoch milliseconds and IANA zones (Intl only), tested across DST days.

import { addDays, formatLocalDate, instantToLocal, isValidTimeZone, localToInstant, type LocalDate } from '@pawline/domain';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `months` later, the day kept or, past the month's end, its last day (31 May + 3 months = 31 Aug; 30 Nov + 3 = 28 or 29 Feb). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** 'HH:MM' → hour and minute */
export function parseSlot(slot: string): { hour: number; min: number } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(slot);
  if (!match) throw new Error(`not a time HH:MM: ${slot}`);
  return { hour: Number(match[1]), min: Number(match[2]) };
}

/** The store's local day at an instant. */
export function localDateAt(epochMs: number, timeZone: string): LocalDate {
  const { year, month, day } = instantToLocal(epochMs, timeZone);
  return { year, month, day };
}

/** The instant a slot falls on a local day of a store (DST resolved as localToInstant). */
export function slotInstant(date: LocalDate, slot: string, timeZone: string): number {
  return localToInstant({ ...date, ...parseSlot(slot), sec: 0 }, timeZone);
}

/**
 * Reminder to book (R9.03 quarterly, yearly): the last-appointment days whose reminder goes out on `runDate`,
 * `months` after them (addMonths), or null when none does. Each day maps to exactly one run day: on the last day
 * of a shorter month the run also takes the days it lacks (28 Feb takes 28, 29 and 30 Nov for quarterly), and a
 * day the earlier month lacks takes none (31 Jul: 30 Apr went out on 30 Jul).
 */
export function lastVisitWindow(runDate: LocalDate, months: number): { from: LocalDate; to: LocalDate } | null {
  const index = runDate.year * 12 + (runDate.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const sourceDays = daysInMonth(year, month);
  if (runDate.day > sourceDays) return null;
  const from = { year, month, day: runDate.day };
  const lastOfMonth = runDate.day === daysInMonth(runDate.year, runDate.month);
  return { from, to: lastOfMonth ? { year, month, day: sourceDays } : from };
}

/** A pet's birthday on a day: same month and day; 29 February birthdays fall on 28 February in other years. */
export function birthdayMonthDays(date: LocalDate): number[] {
  const monthDay = date.month * 100 + date.day;
  const leap = daysInMonth(date.year, 2) === 29;
  return monthDay === 228 && !leap ? [228, 229] : [monthDay];
}

/** A reminder type as an organization has it switched on (REMINDER_TIMINGS). */
export type Timing = { templateType: 0 | 1 | 2 | 4; slot: string; offset: number };
export type StoreClock = { storeId: string; orgaId: string; timeZone: string };
export type DueRun = StoreClock & { templateType: 0 | 1 | 2 | 4; offset: number; localDate: string; dueAt: number };

/**
 * The runs whose slot has come on the store's local day at `nowMs`: one per store and type switched on. A run
 * stays due until the day ends, so a scheduler that was down at the slot catches up when it returns.
 */
export function dueRuns(nowMs: number, stores: StoreClock[], timingsOf: (orgaId: string) => Timing[]): DueRun[] {
  const runs: DueRun[] = [];
  for (const store of stores) {
    if (!isValidTimeZone(store.timeZone)) continue;
    const today = localDateAt(nowMs, store.timeZone);
    for (const timing of timingsOf(store.orgaId)) {
      const dueAt = slotInstant(today, timing.slot, store.timeZone);
      if (nowMs >= dueAt)
        runs.push({ ...store, templateType: timing.templateType, offset: timing.offset, localDate: formatLocalDate(today), dueAt });
    }
  }
  return runs;
}

/**
 * The runs of the store's local day before the one at `nowMs`, one per store and type switched on: what a
 * scheduler down from that day's slot until its midnight never ran. Which of them are caught up (those of a
 * store served before, and not run) is the scheduler's to decide: see ReminderScheduler.missedRuns.
 */
export function previousDayRuns(nowMs: number, stores: StoreClock[], timingsOf: (orgaId: string) => Timing[]): DueRun[] {
  const runs: DueRun[] = [];
  for (const store of stores) {
    if (!isValidTimeZone(store.timeZone)) continue;
    const yesterday = addDays(localDateAt(nowMs, store.timeZone), -1);
    for (const timing of timingsOf(store.orgaId)) {
      const dueAt = slotInstant(yesterday, timing.slot, store.timeZone);
      runs.push({ ...store, templateType: timing.templateType, offset: timing.offset, localDate: formatLocalDate(yesterday), dueAt });
    }
  }
  return runs;
}

/** A timing as the scheduler uses it, or null when it cannot be one (a setting read wrong never stops the others). */
export function checkedTiming(timing: Timing): Timing | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(timing.slot)) return null;
  // R5.12 / R9.03 the pre-appointment reminder goes at least 2 days before (fewer days are raised to 2)
  if (timing.templateType === 4) return { ...timing, offset: Math.max(2, Math.trunc(timing.offset)) };
  if (timing.templateType === 0) return { ...timing, offset: Math.max(1, Math.trunc(timing.offset)) };
  // R9.03 the reminder to book: quarterly (3 months) or yearly (12)
  if (timing.templateType === 2) return timing.offset === 3 || timing.offset === 12 ? timing : null;
  return { ...timing, offset: 0 };
}
