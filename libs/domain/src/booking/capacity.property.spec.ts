import fc from 'fast-check';
import { localToInstant, parseLocalDate } from '../time/local-time';
import { collisionsOf, type CapacityAppointment, type CapacityCandidate } from './capacity';
import { workingHours, type AvailabilityRule } from './staff-hours';

// The capacity rule on random salons: whatever order writes come in, the ones it lets through never put a pet
// or a groomer in two places, never book a groomer outside their hours, and never give the unassigned
// appointments more places than the pool has, also on the days Europe/Rome changes its clocks.

const ROME = 'Europe/Rome';
const MINUTE = 60_000;
const GROOMERS = ['g1', 'g2', 'g3', 'g4'];
const PETS = ['p1', 'p2', 'p3'];
// the spring and autumn changes of 2026, and an ordinary day
const DAYS = ['2026-03-29', '2026-10-25', '2026-11-30'];

const hoursRule = (userId: string) =>
  fc
    .record({ start: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 4, max: 96 }) })
    .map(({ start, length }): AvailabilityRule => ({
      userId,
      kind: 'open',
      weekday: null,
      startDate: null,
      endDate: null,
      start: start * 900,
      end: Math.min(96, start + length) * 900,
    }));

const everyDay: Omit<AvailabilityRule, 'userId'> = {
  kind: 'open',
  weekday: null,
  startDate: null,
  endDate: null,
  start: 9 * 3600,
  end: 18 * 3600,
};

const salons = fc.record({
  date: fc.constantFrom(...DAYS),
  pool: fc.subarray(GROOMERS, { minLength: 1 }),
  rules: fc.tuple(...GROOMERS.map(hoursRule)),
  writes: fc.array(
    fc.record({
      userId: fc.constantFrom<string | null>(null, null, 'stranger', ...GROOMERS),
      // minutes from local midnight; a quarter of an hour grid, so many writes meet
      start: fc.integer({ min: 0, max: 95 }).map((quarter) => quarter * 15),
      length: fc.constantFrom(15, 30, 45, 60, 90, 120, 180),
      petIds: fc.subarray(PETS, { maxLength: 2 }),
    }),
    { maxLength: 40 },
  ),
});

type Salon = { hours: Map<string, { startsAt: number; endsAt: number }[]>; accepted: CapacityAppointment[] };

type SalonPlan = typeof salons extends fc.Arbitrary<infer T> ? T : never;

function run({ date, pool, rules, writes }: SalonPlan): Salon {
  const hours = workingHours(
    rules.filter((rule) => rule.userId !== null && pool.includes(rule.userId)),
    pool,
    ROME,
    parseLocalDate(date),
    1,
  );
  const midnight = localToInstant({ ...parseLocalDate(date), hour: 0, min: 0, sec: 0 }, ROME);
  const accepted: CapacityAppointment[] = [];
  writes.forEach((write, index) => {
    const candidate: CapacityCandidate = {
      userId: write.userId,
      startsAt: midnight + write.start * MINUTE,
      endsAt: midnight + (write.start + write.length) * MINUTE,
      petIds: write.petIds,
    };
    if (collisionsOf(accepted, hours, candidate).length === 0) accepted.push({ ...candidate, id: `w${index}` });
  });
  return { hours, accepted };
}

/** Every moment at which something starts or ends: the counts below only change there. */
function moments({ hours, accepted }: Salon): number[] {
  return [...new Set([...[...hours.values()].flat(), ...accepted].flatMap((i) => [i.startsAt, i.endsAt]))];
}
const covering = (list: readonly CapacityAppointment[], at: number) => list.filter((a) => a.startsAt <= at && at < a.endsAt);

describe('capacity on random salons, in any order of writes', () => {
  it('a pet or a groomer is never in two places, and nobody is booked outside their hours', () => {
    fc.assert(
      fc.property(salons, (salon) => {
        const state = run(salon);
        for (const at of moments(state)) {
          const now = covering(state.accepted, at);
          for (const pet of PETS) expect(now.filter((a) => a.petIds.includes(pet)).length).toBeLessThanOrEqual(1);
          for (const groomer of [...GROOMERS, 'stranger']) expect(now.filter((a) => a.userId === groomer).length).toBeLessThanOrEqual(1);
        }
        for (const appointment of state.accepted) {
          const own = appointment.userId === null ? undefined : state.hours.get(appointment.userId);
          if (own) expect(own.some((i) => i.startsAt <= appointment.startsAt && appointment.endsAt <= i.endsAt)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('unassigned appointments never outnumber the groomers working and free, counted at every moment', () => {
    fc.assert(
      fc.property(salons, (salon) => {
        const state = run(salon);
        for (const at of moments(state)) {
          const now = covering(state.accepted, at);
          const free = [...state.hours].filter(
            ([userId, intervals]) => intervals.some((i) => i.startsAt <= at && at < i.endsAt) && !now.some((a) => a.userId === userId),
          ).length;
          expect(now.filter((a) => a.userId === null).length).toBeLessThanOrEqual(free);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('unassigned appointments at one time take the pool place by place: as many fit as groomers work', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 8 }), fc.constantFrom(...DAYS), (groomers, asked, date) => {
        const hours = workingHours(
          GROOMERS.slice(0, groomers).map((userId): AvailabilityRule => ({ ...everyDay, userId })),
          GROOMERS.slice(0, groomers),
          ROME,
          parseLocalDate(date),
          1,
        );
        const ten = localToInstant({ ...parseLocalDate(date), hour: 10, min: 0, sec: 0 }, ROME);
        const accepted: CapacityAppointment[] = [];
        for (let index = 0; index < asked; index++) {
          const candidate = { userId: null, startsAt: ten, endsAt: ten + 60 * MINUTE, petIds: [] };
          if (collisionsOf(accepted, hours, candidate).length === 0) accepted.push({ ...candidate, id: `u${index}` });
        }
        expect(accepted).toHaveLength(Math.min(groomers, asked));
      }),
    );
  });
});
