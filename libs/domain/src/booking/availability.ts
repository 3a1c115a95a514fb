// Online booking's free slots: the store's office hours, each groomer's hours and exceptions, the
// appointments already in the calendar, and the store's notice, horizon, buffer and step. Pure: the
// booking service loads the rows and calls availableSlots.

import { MS_PER_DAY } from '../time/instant';
import { addDays, formatLocalDate, isRealDate, offsetAt, parseLocalDate, type LocalDate } from '../time/local-time';
import type { ClockSeconds } from './booking-rule';

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
/** epoch ms; userId null (an unassigned appointment) blocks no groomer */
export type BusyInterval = { userId: string | null; startsAt: number; endsAt: number };

export type AvailabilityQuery = {
  /** IANA */
  timeZone: string;
  /** 'YYYY-MM-DD' local, first day */
  from: string;
  /** 1..14 */
  days: number;
  /** real minutes (an instant + duration), also across DST changes */
  durationMinutes: number;
  /** candidate groomers: the one chosen, or all bookable ones */
  staffIds: string[];
  rules: AvailabilityRule[];
  busy: BusyInterval[];
  /** epoch ms */
  now: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** kept free after every busy interval and after the new slot */
  bufferMinutes: number;
  /** candidate starts: opening time + k * step (local clock) */
  stepMinutes: number;
};
export type AvailableSlot = {
  date: string;
  /** 'HH:MM' local */
  time: string;
  startsAt: number;
  endsAt: number;
  userIds: string[];
};
/** every day of the range, slots may be [] */
export type AvailableDay = { date: string; slots: AvailableSlot[] };

const END_OF_DAY = 86_400;
const MAX_DAYS = 14;

/** Clock intervals [start, end) in seconds, sorted and disjoint. */
type ClockIntervals = [number, number][];

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

function rulesOfDay(rules: AvailabilityRule[], staff: Set<string>, date: string, weekday: number): DayRules {
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
class DayClock {
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

/** A groomer's appointments merged into disjoint intervals sorted by start (and so by end). */
type BusyTimeline = { starts: number[]; ends: number[] };

function timelinesOf(busy: BusyInterval[], staff: Set<string>): Map<string, BusyTimeline> {
  const byUser = new Map<string, BusyInterval[]>();
  for (const interval of busy) {
    if (interval.userId === null || !staff.has(interval.userId)) continue;
    const list = byUser.get(interval.userId);
    if (list) list.push(interval);
    else byUser.set(interval.userId, [interval]);
  }
  const timelines = new Map<string, BusyTimeline>();
  for (const [userId, list] of byUser) {
    list.sort((a, b) => a.startsAt - b.startsAt);
    const starts: number[] = [];
    const ends: number[] = [];
    for (const { startsAt, endsAt } of list) {
      const end = Math.max(startsAt, endsAt);
      const last = ends.length - 1;
      if (last >= 0 && startsAt <= ends[last]) ends[last] = Math.max(ends[last], end);
      else {
        starts.push(startsAt);
        ends.push(end);
      }
    }
    timelines.set(userId, { starts, ends });
  }
  return timelines;
}

/** Whether [from, to) overlaps a busy interval: the first one ending after `from` starts before `to`. */
function overlapsBusy(timeline: BusyTimeline | undefined, from: number, to: number): boolean {
  if (!timeline) return false;
  const { starts, ends } = timeline;
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ends[middle] > from) high = middle;
    else low = middle + 1;
  }
  return low < starts.length && starts[low] < to;
}

function clockLabel(clock: number): string {
  return `${String(Math.floor(clock / 3600)).padStart(2, '0')}:${String(Math.floor((clock % 3600) / 60)).padStart(2, '0')}`;
}

/**
 * The free starts of a booking of `durationMinutes`, day by day. A groomer is free for [s, s + duration) when
 * it lies within (office open − office closed) ∩ (groomer open − groomer closed) of the local day and,
 * with the buffer kept after every appointment and after the new one, overlaps none of the groomer's
 * appointments. A store without office opening hours counts only the groomers' hours (its office closed
 * rules still close the store). Candidate starts run from each open interval's start by the step, on the
 * local clock; a start the clock skips (spring forward) is left out, a repeated one (autumn) is its
 * earlier instant; the end, in real minutes, must not pass the interval's end.
 */
export function availableSlots(query: AvailabilityQuery): AvailableDay[] {
  const first = parseLocalDate(query.from);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(query.from) || !isRealDate(first)) throw new RangeError(`Not a calendar day: ${query.from}`);
  if (!Number.isInteger(query.days) || query.days < 1 || query.days > MAX_DAYS) throw new RangeError(`days must be 1..${MAX_DAYS}`);
  if (!(query.durationMinutes > 0)) throw new RangeError('durationMinutes must be above 0');
  if (!(query.stepMinutes > 0)) throw new RangeError('stepMinutes must be above 0');

  const staffIds = [...new Set(query.staffIds)].sort();
  const staff = new Set(staffIds);
  const timelines = timelinesOf(query.busy, staff);
  const hasOfficeHours = query.rules.some((rule) => rule.userId === null && rule.kind === 'open');
  const duration = query.durationMinutes * 60_000;
  const buffer = query.bufferMinutes * 60_000;
  const step = query.stepMinutes * 60;
  const earliest = query.now + query.minNoticeMinutes * 60_000;
  const latest = query.now + query.horizonDays * MS_PER_DAY;

  const result: AvailableDay[] = [];
  for (let offset = 0; offset < query.days; offset++) {
    const local = addDays(first, offset);
    const date = formatLocalDate(local);
    const slots: AvailableSlot[] = [];
    result.push({ date, slots });

    // the whole local day outside [earliest, latest): no need to look at its hours
    const clock = new DayClock(local, query.timeZone);
    if (clock.bound(END_OF_DAY) <= earliest || clock.bound(0) >= latest) continue;

    const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
    const day = rulesOfDay(query.rules, staff, date, weekday);
    let office: ClockIntervals = hasOfficeHours ? union(day.open.get(null) ?? []) : [[0, END_OF_DAY]];
    office = subtract(office, union(day.closed.get(null) ?? []));
    if (office.length === 0) continue;

    const byStart = new Map<number, AvailableSlot>();
    for (const userId of staffIds) {
      const own = day.open.get(userId);
      if (!own) continue;
      const open = subtract(intersect(office, union(own)), union(day.closed.get(userId) ?? []));
      const timeline = timelines.get(userId);
      for (const [openStart, openEnd] of open) {
        const end = clock.bound(openEnd);
        for (let at = openStart; at < openEnd; at += step) {
          const startsAt = clock.start(at);
          if (startsAt === null || startsAt < earliest) continue;
          const endsAt = startsAt + duration;
          if (endsAt > end || startsAt >= latest) break;
          if (overlapsBusy(timeline, startsAt - buffer, endsAt + buffer)) continue;
          const slot = byStart.get(startsAt);
          if (slot) slot.userIds.push(userId);
          else byStart.set(startsAt, { date, time: clockLabel(at), startsAt, endsAt, userIds: [userId] });
        }
      }
    }
    for (const slot of byStart.values()) slots.push(slot);
    slots.sort((a, b) => a.startsAt - b.startsAt);
  }
  return result;
}
