// Online booking's free slots: the store's office hours, each groomer's hours and exceptions, the
// appointments already in the calendar, and the store's notice, horizon, buffer and step. Pure: the
// booking service loads the rows and calls availableSlots. A slot is free by the capacity rule (capacity.ts):
// its groomer works and is free, the store's pool keeps a place for the unassigned appointments, and the
// customer's pets have no other appointment then.

import { MS_PER_DAY } from '../time/instant';
import { addDays, isRealDate, parseLocalDate } from '../time/local-time';
import { EMPTY_TIMELINE, overlapsTimeline, poolGaps, timelineOf, type Interval, type Timeline } from './capacity';
import { END_OF_DAY, instantsOfDay, workingDay, type AvailabilityRule, type WorkingDay } from './staff-hours';

export type { AvailabilityRule } from './staff-hours';

/** epoch ms; userId null: an unassigned appointment, which takes one groomer of the pool for its whole length */
export type BusyInterval = {
  userId: string | null;
  startsAt: number;
  endsAt: number;
  petIds?: readonly string[];
  /** of another store of the organization: it keeps its groomer and pets busy but takes no place of this pool */
  elsewhere?: boolean;
};

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
  /** the store's pool: every bookable groomer (default: staffIds); unassigned appointments take places of it */
  poolStaffIds?: string[];
  /** the customer's pets already known to the salon: a time one of them is booked is not offered */
  petIds?: readonly string[];
  rules: AvailabilityRule[];
  busy: BusyInterval[];
  /** epoch ms */
  now: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** kept free after every busy interval (unassigned ones too) and after the new slot */
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

const MAX_DAYS = 14;

function clockLabel(clock: number): string {
  return `${String(Math.floor(clock / 3600)).padStart(2, '0')}:${String(Math.floor((clock % 3600) / 60)).padStart(2, '0')}`;
}

/**
 * The free starts of a booking of `durationMinutes`, day by day. A groomer is free for [s, s + duration) when
 * it lies within (office open − office closed) ∩ (groomer open − groomer closed) of the local day and,
 * with the buffer kept after every appointment and after the new one, overlaps none of the groomer's
 * appointments; the pool keeps a place then (capacity.ts poolGaps, unassigned appointments held for their
 * buffer too); and no known pet of the customer is booked then. A store without office opening hours counts
 * only the groomers' hours (its office closed rules still close the store). Candidate starts run from each
 * open interval's start by the step, on the local clock; a start the clock skips (spring forward) is left
 * out, a repeated one (autumn) is its earlier instant; the end, in real minutes, must not pass the
 * interval's end.
 */
export function availableSlots(query: AvailabilityQuery): AvailableDay[] {
  const first = parseLocalDate(query.from);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(query.from) || !isRealDate(first)) throw new RangeError(`Not a calendar day: ${query.from}`);
  if (!Number.isInteger(query.days) || query.days < 1 || query.days > MAX_DAYS) throw new RangeError(`days must be 1..${MAX_DAYS}`);
  if (!(query.durationMinutes > 0)) throw new RangeError('durationMinutes must be above 0');
  if (!(query.stepMinutes > 0)) throw new RangeError('stepMinutes must be above 0');

  const staffIds = [...new Set(query.staffIds)].sort();
  const pool = [...new Set([...(query.poolStaffIds ?? []), ...staffIds])].sort();
  const duration = query.durationMinutes * 60_000;
  const buffer = query.bufferMinutes * 60_000;
  const step = query.stepMinutes * 60;
  const earliest = query.now + query.minNoticeMinutes * 60_000;
  const latest = query.now + query.horizonDays * MS_PER_DAY;
  const busy = busyOf(query, new Set(pool), buffer);

  const result: AvailableDay[] = [];
  for (let offset = 0; offset < query.days; offset++) {
    const day = workingDay(query.rules, pool, addDays(first, offset), query.timeZone);
    const slots: AvailableSlot[] = [];
    result.push({ date: day.date, slots });
    // the whole local day outside [earliest, latest): no need to look at its hours
    const dayStart = day.clock.bound(0);
    const dayEnd = day.clock.bound(END_OF_DAY);
    if (dayEnd <= earliest || dayStart >= latest || !staffIds.some((userId) => day.open.has(userId))) continue;

    const full = fullPool(day, busy, dayStart, dayEnd);

    const byStart = new Map<number, AvailableSlot>();
    for (const userId of staffIds) {
      const open = day.open.get(userId);
      if (!open) continue;
      const own = busy.of(userId);
      for (const [openStart, openEnd] of open) {
        const end = day.clock.bound(openEnd);
        for (let at = openStart; at < openEnd; at += step) {
          const startsAt = day.clock.start(at);
          if (startsAt === null || startsAt < earliest) continue;
          const endsAt = startsAt + duration;
          if (endsAt > end || startsAt >= latest) break;
          if (overlapsTimeline(own, startsAt - buffer, endsAt + buffer)) continue;
          if (overlapsTimeline(full, startsAt, endsAt) || overlapsTimeline(busy.pets, startsAt, endsAt)) continue;
          const slot = byStart.get(startsAt);
          if (slot) slot.userIds.push(userId);
          else byStart.set(startsAt, { date: day.date, time: clockLabel(at), startsAt, endsAt, userIds: [userId] });
        }
      }
    }
    for (const slot of byStart.values()) slots.push(slot);
    slots.sort((a, b) => a.startsAt - b.startsAt);
  }
  return result;
}

/**
 * Where the day's pool has no place left. A candidate groomer working and free is a place himself, so the pool can
 * only be short where an unassigned appointment runs: the gaps are worked out over that span of the day only, and
 * not at all on a day without one.
 */
function fullPool(day: WorkingDay, busy: ReturnType<typeof busyOf>, dayStart: number, dayEnd: number): Timeline {
  let from = dayEnd;
  let to = dayStart;
  for (const { startsAt, endsAt } of busy.unassigned) {
    if (endsAt <= dayStart || startsAt >= dayEnd) continue;
    from = Math.min(from, startsAt);
    to = Math.max(to, endsAt);
  }
  if (from >= to) return EMPTY_TIMELINE;
  const hours = new Map<string, Timeline>();
  const booked = new Map<string, Timeline>();
  for (const [userId, clock] of day.open) {
    hours.set(userId, timelineOf(instantsOfDay(day, clock)));
    booked.set(userId, busy.of(userId));
  }
  return poolGaps({ hours, busy: booked, unassigned: busy.unassigned }, Math.max(dayStart, from), Math.min(dayEnd, to));
}

/**
 * The busy time the query's appointments give: each pool groomer's, merged; the unassigned appointments, each
 * holding a place of the pool until its buffer has passed; and the customer's pets'.
 */
function busyOf(query: AvailabilityQuery, pool: ReadonlySet<string>, buffer: number) {
  const byUser = new Map<string, Interval[]>();
  const unassigned: Interval[] = [];
  const pets: Interval[] = [];
  const petIds = query.petIds ?? [];
  for (const interval of query.busy) {
    if (petIds.length > 0 && interval.petIds?.some((pet) => petIds.includes(pet))) pets.push(interval);
    if (interval.userId === null) {
      if (!interval.elsewhere)
        unassigned.push({ startsAt: interval.startsAt, endsAt: Math.max(interval.startsAt, interval.endsAt) + buffer });
      continue;
    }
    if (!pool.has(interval.userId)) continue;
    const list = byUser.get(interval.userId);
    if (list) list.push(interval);
    else byUser.set(interval.userId, [interval]);
  }
  // a groomer's appointments are sorted and merged when first asked for: one groomer chosen on a day without
  // unassigned appointments needs only theirs
  const timelines = new Map<string, Timeline>();
  const of = (userId: string): Timeline => {
    let timeline = timelines.get(userId);
    if (!timeline) {
      timeline = timelineOf(byUser.get(userId) ?? []);
      timelines.set(userId, timeline);
    }
    return timeline;
  };
  return { of, unassigned, pets: timelineOf(pets) };
}
