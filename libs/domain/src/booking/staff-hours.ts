// The hours groomers work, from booking's rules (R1.08 'available hours per user; office hours', R3.08): worked out
// on the local clock one day at a time, then turned into instants at the endpoints only (docs/adr/0024).

import { MS_PER_DAY } from '../time/instant';
import { addDays, formatLocalDate, offsetAt, type LocalDate } from '../time/local-time';
import type { ClockSeconds } from './booking-rule';
import type { Interval } from './capacity';

export type AvailabilityRule = {
  /** null: the store's office hours */
  userId: string | null;
  /** closed removes the hours it covers (exceptions) */
  kind: 'open' | 'closed';
  /** 0 Sunday … 6 Saturday; null: every day of its date range */
  weekday: number | null;
  /** 'YYYY-MM-DD' inclusive, local; null: unbounded (R3.08 zero-to-zero interval) */
  startDate: string | null;
  endDate: string | null;
  start: ClockSeconds;
  end: ClockSeconds;
};

export const END_OF_DAY = 86_400;

/** Clock intervals [start, end) in seconds, sorted and disjoint. */
export type ClockIntervals = [number, number][];

function union(intervals: [number, number][]): ClockIntervals {
  const sorted = intervals.filter(([start, end]) => start < end).sort((a, b) => a[0] - b[0]);
  const merged: ClockIntervals = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function intersect(a: ClockIntervals, b: ClockIntervals): ClockIntervals {
  const result: ClockIntervals = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aStart, aEnd] = a[i];
    const [bStart, bEnd] = b[j];
    const start = Math.max(aStart, bStart);
    const end = Math.min(aEnd, bEnd);
    if (start < end) result.push([start, end]);
    if (aEnd < bEnd) i++;
    else j++;
  }
  return result;
}

function subtract(from: ClockIntervals, removed: ClockIntervals): ClockIntervals {
  if (removed.length === 0) return from;
  const result: ClockIntervals = [];
  for (const [start, end] of from) {
    let cursor = start;
    for (const [cutStart, cutEnd] of removed) {
      if (cutEnd <= cursor) continue;
      if (cutStart >= end) break;
      if (cutStart > cursor) result.push([cursor, cutStart]);
      cursor = Math.max(cursor, cutEnd);
      if (cursor >= end) break;
    }
    if (cursor < end) result.push([cursor, end]);
  }
  return result;
}

function clampClock(seconds: number): number {
  return Math.min(END_OF_DAY, Math.max(0, seconds));
}

/** The rules that apply to one local day, as clock intervals per owner (null: the office). */
type DayRules = { open: Map<string | null, [number, number][]>; closed: Map<string | null, [number, number][]> };

function rulesOfDay(rules: readonly AvailabilityRule[], staff: ReadonlySet<string>, date: string, weekday: number): DayRules {
  const day: DayRules = { open: new Map(), closed: new Map() };
  for (const rule of rules) {
    if (rule.userId !== null && !staff.has(rule.userId)) continue;
    if (rule.weekday !== null && rule.weekday !== weekday) continue;
    if (rule.startDate !== null && date < rule.startDate) continue;
    if (rule.endDate !== null && date > rule.endDate) continue;
    const byOwner = rule.kind === 'open' ? day.open : day.closed;
    let list = byOwner.get(rule.userId);
    if (!list) {
      list = [];
      byOwner.set(rule.userId, list);
    }
    list.push([clampClock(rule.start), clampClock(rule.end)]);
  }
  return day;
}

const HOUR = 3_600_000;

/**
 * Local clock of one day → instant in the store's zone, with two offsets read through Intl per day. Every
 * instant of the local day lies within 14 hours of its UTC day (offsets are −12 h … +14 h): the same offset at
 * both ends of that window means none changes in between (zones change at most once in a few weeks);
 * otherwise the instant of the change is found by halving the window, and a clock time is read with the
 * offset before or after it.
 */
export class DayClock {
  private readonly midnightUtc: number;
  private readonly before: number;
  private readonly after: number;
  /** the first instant with the offset `after` */
  private readonly change: number;

  constructor(date: LocalDate, timeZone: string) {
    this.midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
    let low = this.midnightUtc - 14 * HOUR;
    let high = this.midnightUtc + MS_PER_DAY + 14 * HOUR;
    this.before = offsetAt(low, timeZone);
    this.after = offsetAt(high, timeZone);
    if (this.before !== this.after) {
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (offsetAt(middle, timeZone) === this.before) low = middle;
        else high = middle;
      }
    }
    this.change = high;
  }

  /**
   * The instant a slot starting at this clock time starts: the earlier one of a time repeated when the clocks
   * go back, null for a time they skip.
   */
  start(clock: number): number | null {
    const wall = this.midnightUtc + clock * 1000;
    const early = wall - this.before;
    if (early < this.change) return early;
    const late = wall - this.after;
    return late >= this.change ? late : null;
  }

  /** The first instant whose clock reads this time or later (for a skipped time: when the clocks jump). */
  bound(clock: number): number {
    return this.start(clock) ?? this.change;
  }
}

/** One local day: its clock and each groomer's working hours on it. */
export type WorkingDay = { date: string; clock: DayClock; open: Map<string, ClockIntervals> };

/**
 * Each groomer's working hours on one local day: (office open − office closed) ∩ (own open − own closed). A store
 * with no office open rule at all counts only its groomers' hours, but its office closed rules (a holiday) still
 * close it. A groomer without an open rule that day does not work.
 */
export function workingDay(
  rules: readonly AvailabilityRule[],
  staffIds: readonly string[],
  local: LocalDate,
  timeZone: string,
): WorkingDay {
  const date = formatLocalDate(local);
  const clock = new DayClock(local, timeZone);
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  const day = rulesOfDay(rules, new Set(staffIds), date, weekday);
  const hasOfficeHours = rules.some((rule) => rule.userId === null && rule.kind === 'open');
  let office: ClockIntervals = hasOfficeHours ? union(day.open.get(null) ?? []) : [[0, END_OF_DAY]];
  office = subtract(office, union(day.closed.get(null) ?? []));
  const open = new Map<string, ClockIntervals>();
  if (office.length === 0) return { date, clock, open };
  for (const userId of staffIds) {
    const own = day.open.get(userId);
    if (!own) continue;
    const hours = subtract(intersect(office, union(own)), union(day.closed.get(userId) ?? []));
    if (hours.length > 0) open.set(userId, hours);
  }
  return { date, clock, open };
}

/** A day's clock intervals as instants: [first instant reading a, first instant reading b). */
export function instantsOfDay(day: WorkingDay, hours: ClockIntervals): Interval[] {
  return hours
    .map(([start, end]) => ({ startsAt: day.clock.bound(start), endsAt: day.clock.bound(end) }))
    .filter((interval) => interval.startsAt < interval.endsAt);
}

/**
 * The hours each of `staffIds` works on the local days from `from` for `days` days, as instants: every groomer
 * is a key (with no intervals when they do not work then), so the capacity rule knows they have hours here.
 */
export function workingHours(
  rules: readonly AvailabilityRule[],
  staffIds: readonly string[],
  timeZone: string,
  from: LocalDate,
  days: number,
): Map<string, Interval[]> {
  const hours = new Map<string, Interval[]>(staffIds.map((userId) => [userId, []]));
  for (let offset = 0; offset < days; offset++) {
    const day = workingDay(rules, staffIds, addDays(from, offset), timeZone);
    for (const [userId, clock] of day.open) hours.get(userId)?.push(...instantsOfDay(day, clock));
  }
  return hours;
}
