import fc from 'fast-check';
import { addDays, formatLocalDate, instantToLocal, localToInstant, parseLocalDate, type LocalDateTime } from '../time/local-time';
import { availableSlots, type AvailabilityQuery, type AvailabilityRule, type AvailableDay, type BusyInterval } from './availability';
import { collisionsOf, type CapacityAppointment } from './capacity';
import { workingHours } from './staff-hours';

// A slow reference of availableSlots built differently: minute-by-minute open flags instead of interval
// algebra, every clock time converted through Intl, skipped times found by scanning, every appointment
// checked with the spec's own conflict formula.

const MINUTE = 60_000;
const DAY = 86_400_000;
const GROOMERS = ['g1', 'g2', 'g3'];

function wallOf(date: string, minute: number): LocalDateTime {
  const at = new Date(Date.parse(`${date}T00:00:00Z`) + minute * MINUTE);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    min: at.getUTCMinutes(),
    sec: 0,
  };
}

function wallMs(local: LocalDateTime): number {
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.min, local.sec);
}

/** The instant a local minute of the day starts at, null when the clock skips it. */
function startInstant(date: string, minute: number, timeZone: string): number | null {
  const wall = wallOf(date, minute);
  const instant = localToInstant(wall, timeZone);
  return wallMs(instantToLocal(instant, timeZone)) === wallMs(wall) ? instant : null;
}

/** The first instant whose clock reads this local minute or later (scanning minute by minute through a gap). */
function boundInstant(date: string, minute: number, timeZone: string): number {
  const exact = startInstant(date, minute, timeZone);
  if (exact !== null) return exact;
  const target = wallMs(wallOf(date, minute));
  let instant = localToInstant(wallOf(date, minute), timeZone) - 6 * 60 * MINUTE;
  while (wallMs(instantToLocal(instant, timeZone)) < target) instant += MINUTE;
  return instant;
}

function covers(rule: AvailabilityRule, date: string, weekday: number, minute: number): boolean {
  if (rule.weekday !== null && rule.weekday !== weekday) return false;
  if (rule.startDate !== null && date < rule.startDate) return false;
  if (rule.endDate !== null && date > rule.endDate) return false;
  return rule.start <= minute * 60 && minute * 60 < rule.end;
}

/** Local minute ranges [start, end) where the groomer works on the day. */
function openRuns(query: AvailabilityQuery, date: string, userId: string): [number, number][] {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const officeHours = query.rules.some((rule) => rule.userId === null && rule.kind === 'open');
  const flags: boolean[] = [];
  for (let minute = 0; minute < 1440; minute++) {
    const has = (owner: string | null, kind: 'open' | 'closed') =>
      query.rules.some((rule) => rule.userId === owner && rule.kind === kind && covers(rule, date, weekday, minute));
    const office = (!officeHours || has(null, 'open')) && !has(null, 'closed');
    flags.push(office && has(userId, 'open') && !has(userId, 'closed'));
  }
  const runs: [number, number][] = [];
  for (let minute = 0; minute < 1440; minute++) {
    if (!flags[minute]) continue;
    const start = minute;
    while (minute < 1440 && flags[minute]) minute++;
    runs.push([start, minute]);
  }
  return runs;
}

function conflicts(busy: BusyInterval[], userId: string, startsAt: number, endsAt: number, buffer: number): boolean {
  return busy.some((interval) => interval.userId === userId && startsAt < interval.endsAt + buffer && endsAt + buffer > interval.startsAt);
}

/** The instants a groomer works on a day, from the minute runs. */
function workedInstants(query: AvailabilityQuery, date: string, userId: string): [number, number][] {
  return openRuns(query, date, userId).map(([start, end]) => [
    boundInstant(date, start, query.timeZone),
    boundInstant(date, end, query.timeZone),
  ]);
}

/**
 * The pool keeps a place for [startsAt, endsAt): at the start and at every moment something changes inside it,
 * the pool's groomers working and without an appointment outnumber the unassigned appointments (each held for
 * its buffer after it), counted one by one.
 */
function poolHasPlace(
  query: AvailabilityQuery,
  worked: Map<string, [number, number][]>,
  startsAt: number,
  endsAt: number,
  buffer: number,
): boolean {
  const pool = [...worked.keys()];
  const unassigned = query.busy.filter((b) => b.userId === null).map((b) => [b.startsAt, b.endsAt + buffer] as const);
  const moments = [
    startsAt,
    ...[...worked.values()].flat().flat(),
    ...query.busy.flatMap((b) => [b.startsAt, b.endsAt]),
    ...unassigned.flat(),
  ].filter((at) => at >= startsAt && at < endsAt);
  return moments.every((at) => {
    const free = pool.filter(
      (userId) =>
        (worked.get(userId) ?? []).some(([from, to]) => from <= at && at < to) &&
        !query.busy.some((b) => b.userId === userId && b.startsAt <= at && at < b.endsAt),
    ).length;
    const taken = unassigned.filter(([from, to]) => from <= at && at < to).length;
    return free - taken >= 1;
  });
}

function petBusy(query: AvailabilityQuery, startsAt: number, endsAt: number): boolean {
  const pets = query.petIds ?? [];
  return query.busy.some((b) => (b.petIds ?? []).some((pet) => pets.includes(pet)) && startsAt < b.endsAt && b.startsAt < endsAt);
}

function referenceSlots(query: AvailabilityQuery): AvailableDay[] {
  const days: AvailableDay[] = [];
  const duration = query.durationMinutes * MINUTE;
  const buffer = query.bufferMinutes * MINUTE;
  for (let offset = 0; offset < query.days; offset++) {
    const date = formatLocalDate(addDays(parseLocalDate(query.from), offset));
    const byStart = new Map<number, { time: string; userIds: string[] }>();
    const pool = [...new Set([...(query.poolStaffIds ?? []), ...query.staffIds])];
    const worked = new Map(pool.map((userId) => [userId, workedInstants(query, date, userId)]));
    for (const userId of [...query.staffIds].sort()) {
      for (const [runStart, runEnd] of openRuns(query, date, userId)) {
        const end = boundInstant(date, runEnd, query.timeZone);
        for (let minute = runStart; minute < runEnd; minute += query.stepMinutes) {
          const startsAt = startInstant(date, minute, query.timeZone);
          if (startsAt === null) continue;
          if (startsAt + duration > end) continue;
          if (startsAt < query.now + query.minNoticeMinutes * MINUTE || startsAt >= query.now + query.horizonDays * DAY) continue;
          if (conflicts(query.busy, userId, startsAt, startsAt + duration, buffer)) continue;
          if (!poolHasPlace(query, worked, startsAt, startsAt + duration, buffer) || petBusy(query, startsAt, startsAt + duration))
            continue;
          const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const found = byStart.get(startsAt);
          if (found) found.userIds.push(userId);
          else byStart.set(startsAt, { time, userIds: [userId] });
        }
      }
    }
    const slots = [...byStart.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([startsAt, { time, userIds }]) => ({ date, time, startsAt, endsAt: startsAt + duration, userIds }));
    days.push({ date, slots });
  }
  return days;
}

// days around the daylight-saving changes of the zones below, and ordinary ones
const FIRST_DAYS = ['2026-03-27', '2026-10-23', '2026-03-07', '2026-10-31', '2026-04-04', '2026-10-03', '2026-06-15', '2026-12-30'];
const ZONES = ['Europe/Rome', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];

const clockTime = fc.oneof(
  fc.integer({ min: 0, max: 96 }).map((quarter) => quarter * 900),
  // the night, where the clocks change
  fc.integer({ min: 0, max: 72 }).map((five) => five * 300),
  fc.integer({ min: 0, max: 288 }).map((five) => five * 300),
);

function ruleOf(from: string) {
  const nearby = fc.integer({ min: -3, max: 6 }).map((days) => formatLocalDate(addDays(parseLocalDate(from), days)));
  return fc
    .record({
      userId: fc.constantFrom<string | null>(null, ...GROOMERS),
      kind: fc.constantFrom<'open' | 'closed'>('open', 'open', 'open', 'closed'),
      weekday: fc.option(fc.integer({ min: 0, max: 6 }), { freq: 2 }),
      startDate: fc.option(nearby, { freq: 2 }),
      endDate: fc.option(nearby, { freq: 2 }),
      a: clockTime,
      b: clockTime,
    })
    .map(({ a, b, ...rest }): AvailabilityRule => ({ ...rest, start: Math.min(a, b), end: Math.max(a, b) }));
}

/** Every-day hours of a groomer or of the office, so that most random stores are open somewhere. */
function dailyHours(userId: string | null) {
  return fc
    .record({
      start: fc.integer({ min: 0, max: userId === null ? 40 : 56 }),
      length: fc.integer({ min: userId === null ? 32 : 8, max: 96 }),
    })
    .map(({ start, length }): AvailabilityRule => ({
      userId,
      kind: 'open',
      weekday: null,
      startDate: null,
      endDate: null,
      start: start * 900,
      end: Math.min(96, start + length) * 900,
    }));
}

const queries = fc
  .record({
    from: fc.constantFrom(...FIRST_DAYS),
    timeZone: fc.constantFrom(...ZONES),
    days: fc.integer({ min: 1, max: 4 }),
  })
  .chain(({ from, timeZone, days }) => {
    const base = Date.parse(`${from}T00:00:00Z`);
    const busy = fc.record({
      userId: fc.constantFrom<string | null>(null, 'g9', ...GROOMERS),
      start: fc.integer({ min: -24 * 60, max: (days + 1) * 24 * 60 }),
      length: fc.integer({ min: 1, max: 240 }),
      petIds: fc.subarray(['p1', 'p2']),
    });
    return fc.record({
      timeZone: fc.constant(timeZone),
      from: fc.constant(from),
      days: fc.constant(days),
      durationMinutes: fc.oneof(fc.integer({ min: 5, max: 90 }), fc.integer({ min: 5, max: 240 })),
      staffIds: fc.oneof(fc.subarray(GROOMERS, { minLength: 1 }), fc.subarray(GROOMERS)),
      rules: fc
        .tuple(
          fc.array(ruleOf(from), { maxLength: 10 }),
          ...[null, ...GROOMERS].map((userId) => fc.option(dailyHours(userId), { freq: 4 })),
        )
        .map(([extra, ...daily]) => [...daily.filter((rule) => rule !== null), ...extra]),
      busy: fc.array(busy, { maxLength: 20 }).map((list) =>
        list.map(({ userId, start, length, petIds }) => ({
          userId,
          startsAt: base + start * MINUTE,
          endsAt: base + (start + length) * MINUTE,
          petIds,
        })),
      ),
      poolStaffIds: fc.option(fc.subarray(GROOMERS), { nil: undefined }),
      petIds: fc.option(fc.constantFrom(['p1'], ['p2'], ['p1', 'p2']), { nil: undefined }),
      now: fc.integer({ min: -2 * 24 * 60, max: 24 * 60 }).map((minute) => base + minute * MINUTE),
      minNoticeMinutes: fc.constantFrom(0, 0, 30, 120, 24 * 60),
      horizonDays: fc.integer({ min: 1, max: 10 }),
      bufferMinutes: fc.constantFrom(0, 5, 15, 60),
      stepMinutes: fc.constantFrom(5, 10, 15, 20, 30, 60),
    });
  });

describe('available booking slots, on random stores', () => {
  it('every slot lies within open hours and keeps the buffer to every appointment of its groomers', () => {
    fc.assert(
      fc.property(queries, (query) => {
        for (const day of availableSlots(query)) {
          for (const slot of day.slots) {
            expect(slot.endsAt - slot.startsAt).toBe(query.durationMinutes * MINUTE);
            expect(slot.userIds.length).toBeGreaterThan(0);
            for (const userId of slot.userIds) {
              expect(query.staffIds).toContain(userId);
              const within = openRuns(query, day.date, userId).some(
                ([start, end]) =>
                  (startInstant(day.date, start, query.timeZone) ?? boundInstant(day.date, start, query.timeZone)) <= slot.startsAt &&
                  slot.endsAt <= boundInstant(day.date, end, query.timeZone),
              );
              expect(within).toBe(true);
              expect(conflicts(query.busy, userId, slot.startsAt, slot.endsAt, query.bufferMinutes * MINUTE)).toBe(false);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds every free start on the step grid that the slow reference finds, and no other', () => {
    fc.assert(
      fc.property(queries, (query) => {
        expect(availableSlots(query)).toEqual(referenceSlots(query));
      }),
      { numRuns: 300 },
    );
  });

  it('slots are sorted and start within [now + notice, now + horizon), every day of the range listed', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const days = availableSlots(query);
        expect(days.map((day) => day.date)).toEqual(
          Array.from({ length: query.days }, (_, offset) => formatLocalDate(addDays(parseLocalDate(query.from), offset))),
        );
        const starts = days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
        expect(new Set(starts).size).toBe(starts.length);
        for (const start of starts) {
          expect(start).toBeGreaterThanOrEqual(query.now + query.minNoticeMinutes * MINUTE);
          expect(start).toBeLessThan(query.now + query.horizonDays * DAY);
        }
        for (const day of days) for (const slot of day.slots) expect(slot.userIds).toEqual([...slot.userIds].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('no time offered that a write would refuse: the offered groomer, or nobody, books it without a collision', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const pool = [...new Set([...(query.poolStaffIds ?? []), ...query.staffIds])];
        const hours = workingHours(query.rules, pool, query.timeZone, parseLocalDate(query.from), query.days);
        const booked: CapacityAppointment[] = query.busy.map((b, index) => ({ ...b, id: `b${index}`, petIds: b.petIds ?? [] }));
        for (const day of availableSlots(query))
          for (const slot of day.slots) {
            const write = { startsAt: slot.startsAt, endsAt: slot.endsAt, petIds: query.petIds ?? [] };
            for (const userId of slot.userIds) expect(collisionsOf(booked, hours, { ...write, userId })).toEqual([]);
            expect(collisionsOf(booked, hours, { ...write, userId: null })).toEqual([]);
          }
      }),
      { numRuns: 300 },
    );
  });
});
