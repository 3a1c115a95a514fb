// Capacity (issue 26): whether a time is free in a store, the one rule that online booking's free slots and every
// write of the calendar use. A groomer works their hours and does one appointment at a time; an unassigned
// appointment takes one groomer of the store's pool (those working and free then) for its whole length; a pet
// has no two appointments at once. Pure: the services load the rows and ask.

/** spec §3 status 2 (declined by the customer) and 3 (no-show): the appointment no longer holds its time. */
export const TIME_FREEING_STATUSES: readonly number[] = [2, 3];
export const holdsTime = (status: number) => !TIME_FREEING_STATUSES.includes(status);

/** An instant interval [startsAt, endsAt) in epoch ms. */
export type Interval = { startsAt: number; endsAt: number };

export type CapacityAppointment = Interval & {
  id: string;
  /** the groomer; null: unassigned, it takes one groomer of the store's pool for its whole length */
  userId: string | null;
  petIds: readonly string[];
  /** of another store of the organization: it keeps its groomer and its pets busy, and is no part of this store's pool */
  elsewhere?: boolean;
};

/**
 * The hours each groomer of the store's pool works, as instants. A groomer missing from the map has no hours in
 * the store: they are not checked against hours and not counted in the pool. null: the store keeps no groomer
 * hours at all, so its pool is unknown and only groomers' and pets' own appointments collide.
 */
export type WorkingHours = ReadonlyMap<string, readonly Interval[]> | null;

export type CapacityCandidate = Interval & { userId: string | null; petIds: readonly string[] };

/**
 * What stands in the way of a candidate: a pet's or the groomer's own appointments, the appointments that fill
 * the pool, or hours (the groomer does not work then, or, unassigned, nobody does: no appointment to name).
 */
export type CollisionReason = 'pet' | 'staff' | 'pool' | 'hours';
export type Collision = { reason: CollisionReason; userId: string | null; appointmentIds: string[] };

/** Intervals merged into disjoint ones sorted by start (and so by end), as two arrays for binary search. */
export type Timeline = { starts: number[]; ends: number[] };

export const EMPTY_TIMELINE: Timeline = { starts: [], ends: [] };

export function timelineOf(intervals: Iterable<Interval>): Timeline {
  const sorted = [...intervals].filter((i) => i.startsAt < i.endsAt).sort((a, b) => a.startsAt - b.startsAt);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const { startsAt, endsAt } of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && startsAt <= ends[last]) ends[last] = Math.max(ends[last], endsAt);
    else {
      starts.push(startsAt);
      ends.push(endsAt);
    }
  }
  return { starts, ends };
}

/** The index of the first interval ending after `at`. */
function firstEndingAfter(timeline: Timeline, at: number): number {
  let low = 0;
  let high = timeline.ends.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (timeline.ends[middle] > at) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Whether [from, to) overlaps the timeline: the first interval ending after `from` starts before `to`. */
export function overlapsTimeline(timeline: Timeline | undefined, from: number, to: number): boolean {
  if (!timeline || from >= to) return false;
  const index = firstEndingAfter(timeline, from);
  return index < timeline.starts.length && timeline.starts[index] < to;
}

/** Whether [from, to) lies within one interval of the timeline. */
export function withinTimeline(timeline: Timeline | undefined, from: number, to: number): boolean {
  if (!timeline) return false;
  const index = firstEndingAfter(timeline, from);
  return index < timeline.starts.length && timeline.starts[index] <= from && to <= timeline.ends[index];
}

/** The parts of the timeline within [from, to). */
function clip(timeline: Timeline | undefined, from: number, to: number): Interval[] {
  const parts: Interval[] = [];
  if (!timeline) return parts;
  for (let index = firstEndingAfter(timeline, from); index < timeline.starts.length && timeline.starts[index] < to; index++)
    parts.push({ startsAt: Math.max(from, timeline.starts[index]), endsAt: Math.min(to, timeline.ends[index]) });
  return parts;
}

/** `from` minus the timeline: sorted, disjoint. */
function subtract(from: readonly Interval[], removed: Timeline | undefined): Interval[] {
  const result: Interval[] = [];
  for (const { startsAt, endsAt } of from) {
    let cursor = startsAt;
    for (const cut of clip(removed, startsAt, endsAt)) {
      if (cut.startsAt > cursor) result.push({ startsAt: cursor, endsAt: cut.startsAt });
      cursor = Math.max(cursor, cut.endsAt);
    }
    if (cursor < endsAt) result.push({ startsAt: cursor, endsAt });
  }
  return result;
}

/** The store's pool as the rule needs it: each pool groomer's hours and own busy time, and the unassigned appointments. */
export type PoolState = {
  hours: ReadonlyMap<string, Timeline>;
  busy: ReadonlyMap<string, Timeline>;
  /** unassigned appointments of the store, as they occupy the pool (not merged: each takes one groomer) */
  unassigned: readonly Interval[];
};

/**
 * Where the pool has no place left within [from, to): the times at which the groomers working and free are no
 * more than the unassigned appointments (nobody working counts too). Sorted, disjoint. A sweep over the changes
 * of the two counts: a groomer's free time adds one, an unassigned appointment takes one.
 */
export function poolGaps(pool: PoolState, from: number, to: number): Timeline {
  const changes: [number, number][] = [];
  for (const [userId, hours] of pool.hours) {
    for (const free of subtract(clip(hours, from, to), pool.busy.get(userId))) changes.push([free.startsAt, 1], [free.endsAt, -1]);
  }
  for (const { startsAt, endsAt } of pool.unassigned) {
    if (endsAt <= from || startsAt >= to || startsAt >= endsAt) continue;
    changes.push([Math.max(from, startsAt), -1], [Math.min(to, endsAt), 1]);
  }
  changes.sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  let places = 0;
  let cursor = from;
  let index = 0;
  while (cursor < to) {
    while (index < changes.length && changes[index][0] <= cursor) places += changes[index++][1];
    const next = index < changes.length ? Math.min(to, changes[index][0]) : to;
    if (places < 1) {
      const last = ends.length - 1;
      if (last >= 0 && ends[last] === cursor) ends[last] = next;
      else {
        starts.push(cursor);
        ends.push(next);
      }
    }
    cursor = next;
  }
  return { starts, ends };
}

const sharesPet = (a: readonly string[], b: readonly string[]) => a.some((pet) => b.includes(pet));
const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** The pool as it stands around a write: pool groomers' hours and busy time, the store's unassigned appointments. */
export function poolStateOf(appointments: readonly CapacityAppointment[], hours: ReadonlyMap<string, readonly Interval[]>): PoolState {
  const busy = new Map<string, Interval[]>();
  const unassigned: Interval[] = [];
  for (const appointment of appointments) {
    if (appointment.userId === null) {
      if (!appointment.elsewhere) unassigned.push(appointment);
      continue;
    }
    if (!hours.has(appointment.userId)) continue;
    const list = busy.get(appointment.userId);
    if (list) list.push(appointment);
    else busy.set(appointment.userId, [appointment]);
  }
  return {
    hours: new Map([...hours].map(([userId, intervals]) => [userId, timelineOf(intervals)])),
    busy: new Map([...busy].map(([userId, intervals]) => [userId, timelineOf(intervals)])),
    unassigned,
  };
}

/**
 * Everything a candidate appointment collides with (empty: the time is free). `appointments` are the others
 * around it (not the ones being changed): the store's, and the organization's of the same groomer or pets.
 * An assigned candidate takes its groomer out of the pool where they are working and free; an unassigned one
 * takes a place of the pool for its whole length.
 */
export function collisionsOf(appointments: readonly CapacityAppointment[], hours: WorkingHours, candidate: CapacityCandidate): Collision[] {
  const collisions: Collision[] = [];
  const around = appointments.filter((appointment) => overlaps(appointment, candidate));
  const pets = around.filter((appointment) => sharesPet(appointment.petIds, candidate.petIds));
  if (pets.length > 0) collisions.push({ reason: 'pet', userId: null, appointmentIds: pets.map((a) => a.id) });
  const { userId } = candidate;
  if (userId !== null) {
    const own = around.filter((appointment) => appointment.userId === userId);
    if (own.length > 0) collisions.push({ reason: 'staff', userId, appointmentIds: own.map((a) => a.id) });
  }
  if (hours === null) return collisions;
  const ownHours = userId === null ? undefined : hours.get(userId);
  if (ownHours && !withinTimeline(timelineOf(ownHours), candidate.startsAt, candidate.endsAt))
    collisions.push({ reason: 'hours', userId, appointmentIds: [] });
  // a groomer without hours in the store is no part of its pool: taking them leaves it as it is
  if (userId !== null && !ownHours) return collisions;
  const pool = poolStateOf(around, hours);
  let short = clip(poolGaps(pool, candidate.startsAt, candidate.endsAt), candidate.startsAt, candidate.endsAt);
  // an assigned candidate takes a place only where its groomer is working and free
  if (userId !== null)
    short = short.flatMap((gap) => subtract(clip(pool.hours.get(userId), gap.startsAt, gap.endsAt), pool.busy.get(userId)));
  if (short.length === 0) return collisions;
  const filling = around.filter((a) => !a.elsewhere && (a.userId === null || hours.has(a.userId)) && short.some((gap) => overlaps(a, gap)));
  if (filling.length > 0) collisions.push({ reason: 'pool', userId: null, appointmentIds: filling.map((a) => a.id) });
  // what no appointment fills is a time nobody works
  const empty = subtract(short, timelineOf(filling)).length > 0;
  if (empty && userId === null) collisions.push({ reason: 'hours', userId: null, appointmentIds: [] });
  return collisions;
}
