import { percentOf } from './statistics';

// R1.12 staff utilisation: booked minutes over a groomer's working hours in the period. Working hours are
// booking's rules (spec §1 'available hours per user; office hours'): a staff member works, on a local
// day, (office open − office closed) ∩ (own open − own closed), the same reading online booking makes of
// them (libs/domain/src/booking/availability.ts); a store without any office opening hours counts only
// the groomer's own. A rule counts from the day it was made until the day before it was deleted, so
// deleting this week's hours does not rewrite last year's utilisation.

export type WorkRule = {
  /** null: the store's office hours */
  user_id: string | null;
  kind: 'open' | 'closed';
  /** 0 Sunday … 6 Saturday; null: every day of its dates */
  weekday: number | null;
  /** local days, inclusive; null: unbounded */
  start_date: string | null;
  end_date: string | null;
  /** seconds since local midnight, [start, end) */
  start: number;
  end: number;
  /** the local day it was made, and the local day it was deleted (it no longer counts on that day) */
  from_day: string;
  until_day: string | null;
};

type Intervals = [number, number][];

function union(intervals: Intervals): Intervals {
  const sorted = intervals.filter(([start, end]) => start < end).sort((a, b) => a[0] - b[0]);
  const merged: Intervals = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function intersect(a: Intervals, b: Intervals): Intervals {
  const result: Intervals = [];
  for (const [aStart, aEnd] of a)
    for (const [bStart, bEnd] of b) {
      const start = Math.max(aStart, bStart);
      const end = Math.min(aEnd, bEnd);
      if (start < end) result.push([start, end]);
    }
  return union(result);
}

function subtract(from: Intervals, removed: Intervals): Intervals {
  let result = from;
  for (const [cutStart, cutEnd] of removed)
    result = result.flatMap(([start, end]): Intervals => {
      if (cutEnd <= start || cutStart >= end) return [[start, end]];
      const parts: Intervals = [];
      if (cutStart > start) parts.push([start, cutStart]);
      if (cutEnd < end) parts.push([cutEnd, end]);
      return parts;
    });
  return result;
}

const inForce = (rule: WorkRule, day: string) => rule.from_day <= day && (rule.until_day === null || day < rule.until_day);

function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1)).getUTCDay();
}

/**
 * Each staff member's working minutes over the days (local 'YYYY-MM-DD'), for everyone who has hours of
 * their own in force on one of them. Clock minutes: a day the clocks change is counted as its rules read.
 */
export function workingMinutes(rules: readonly WorkRule[], days: readonly string[]): Map<string, number> {
  const minutes = new Map<string, number>();
  const staff = [...new Set(rules.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  for (const day of days) {
    const forced = rules.filter((r) => inForce(r, day));
    if (forced.length === 0) continue;
    const weekday = weekdayOf(day);
    const today = forced.filter(
      (r) =>
        (r.weekday === null || r.weekday === weekday) &&
        (r.start_date === null || day >= r.start_date) &&
        (r.end_date === null || day <= r.end_date),
    );
    const clock = (owner: string | null, kind: 'open' | 'closed') =>
      union(today.filter((r) => r.user_id === owner && r.kind === kind).map((r): [number, number] => [r.start, r.end]));
    const hasOffice = forced.some((r) => r.user_id === null && r.kind === 'open');
    const office = subtract(hasOffice ? clock(null, 'open') : [[0, 86_400]], clock(null, 'closed'));
    for (const user of staff) {
      if (!forced.some((r) => r.user_id === user)) continue;
      const open = subtract(intersect(office, clock(user, 'open')), clock(user, 'closed'));
      const seconds = open.reduce((sum, [start, end]) => sum + (end - start), 0);
      minutes.set(user, (minutes.get(user) ?? 0) + Math.round(seconds / 60));
    }
  }
  return minutes;
}

/** Booked minutes over working minutes in percent (one decimal); null when no working hours are known. */
export function utilisationPercent(bookedMinutes: number, working: number | undefined): number | null {
  return working === undefined || working <= 0 ? null : percentOf(bookedMinutes, working);
}
