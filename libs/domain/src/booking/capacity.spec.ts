import { localToInstant, parseLocalDate } from '../time/local-time';
import { collisionsOf, poolGaps, poolStateOf, type CapacityAppointment, type CapacityCandidate, type Interval } from './capacity';
import { workingHours, type AvailabilityRule } from './staff-hours';

const ROME = 'Europe/Rome';
const MINUTE = 60_000;
const DAY = '2026-11-30';

function at(time: string, date = DAY): number {
  const [hour, min] = time.split(':').map(Number);
  return localToInstant({ ...parseLocalDate(date), hour: hour ?? 0, min: min ?? 0, sec: 0 }, ROME);
}
const span = (from: string, to: string, date = DAY): Interval => ({ startsAt: at(from, date), endsAt: at(to, date) });

function appointment(
  id: string,
  userId: string | null,
  from: string,
  to: string,
  petIds: string[] = [],
  elsewhere = false,
): CapacityAppointment {
  return { id, userId, ...span(from, to), petIds, ...(elsewhere ? { elsewhere } : {}) };
}
const candidate = (userId: string | null, from: string, to: string, petIds: string[] = []): CapacityCandidate => ({
  userId,
  ...span(from, to),
  petIds,
});
/** groomers working the same hours today */
const working = (from: string, to: string, ...userIds: string[]) => new Map(userIds.map((userId) => [userId, [span(from, to)]]));

describe('capacity: whether a time is free', () => {
  it('three groomers working 10:00–11:00 and two unassigned appointments leave one place', () => {
    const hours = working('10:00', '11:00', 'anna', 'bruno', 'carla');
    const booked = [appointment('u1', null, '10:00', '11:00'), appointment('u2', null, '10:00', '11:00')];
    expect(collisionsOf(booked, hours, candidate(null, '10:00', '11:00'))).toEqual([]);
    expect(collisionsOf(booked, hours, candidate('anna', '10:30', '11:00'))).toEqual([]);
    const full = [...booked, appointment('u3', null, '10:00', '11:00')];
    expect(collisionsOf(full, hours, candidate(null, '10:15', '10:45'))).toEqual([
      { reason: 'pool', userId: null, appointmentIds: ['u1', 'u2', 'u3'] },
    ]);
    // a groomer booked by name takes a place of the pool too
    expect(collisionsOf(full, hours, candidate('bruno', '10:30', '11:00'))).toEqual([
      { reason: 'pool', userId: null, appointmentIds: ['u1', 'u2', 'u3'] },
    ]);
  });

  it('a groomer with an appointment of their own is out of the pool for its length', () => {
    const hours = working('09:00', '13:00', 'anna', 'bruno');
    const booked = [appointment('a1', 'anna', '10:00', '11:00'), appointment('u1', null, '10:30', '11:30')];
    // 10:30–11:00 anna is busy and bruno does the unassigned one: no place left then
    expect(collisionsOf(booked, hours, candidate(null, '09:30', '10:45'))).toEqual([
      { reason: 'pool', userId: null, appointmentIds: ['a1', 'u1'] },
    ]);
    expect(collisionsOf(booked, hours, candidate(null, '11:00', '12:00'))).toEqual([]);
    expect(collisionsOf(booked, hours, candidate(null, '09:00', '10:00'))).toEqual([]);
  });

  it('R3.07 a pet never has two appointments at once: "Oliver 09:30–11:30 with Anna"', () => {
    const oliver = appointment('a1', 'anna', '09:30', '11:30', ['oliver']);
    expect(collisionsOf([oliver], null, candidate('bruno', '11:00', '12:00', ['oliver', 'milo']))).toEqual([
      { reason: 'pet', userId: null, appointmentIds: ['a1'] },
    ]);
    // back to back is no collision, and another pet is none either
    expect(collisionsOf([oliver], null, candidate('bruno', '11:30', '12:00', ['oliver']))).toEqual([]);
    expect(collisionsOf([oliver], null, candidate('bruno', '10:00', '11:00', ['milo']))).toEqual([]);
    // a shared pet booked in another store of the organization is busy too
    const elsewhere = appointment('b1', 'zoe', '10:00', '11:00', ['oliver'], true);
    expect(collisionsOf([elsewhere], null, candidate(null, '10:30', '11:00', ['oliver']))[0]?.reason).toBe('pet');
  });

  it('a groomer does one appointment at a time, whatever the store keeps of hours', () => {
    const booked = [appointment('a1', 'anna', '09:30', '11:30'), appointment('a2', 'anna', '13:00', '14:00')];
    expect(collisionsOf(booked, null, candidate('anna', '11:00', '13:30'))).toEqual([
      { reason: 'staff', userId: 'anna', appointmentIds: ['a1', 'a2'] },
    ]);
    expect(collisionsOf(booked, null, candidate('anna', '11:30', '13:00'))).toEqual([]);
    // both the pet and the groomer
    const oliver = [appointment('a3', 'anna', '15:00', '16:00', ['oliver'])];
    expect(collisionsOf(oliver, null, candidate('anna', '15:30', '16:30', ['oliver'])).map((c) => c.reason)).toEqual(['pet', 'staff']);
  });

  it('a groomer booked outside their hours is told so; one with no hours in the store is not checked', () => {
    const hours = working('09:00', '13:00', 'anna');
    expect(collisionsOf([], hours, candidate('anna', '12:30', '13:30'))).toEqual([{ reason: 'hours', userId: 'anna', appointmentIds: [] }]);
    expect(collisionsOf([], hours, candidate('anna', '12:00', '13:00'))).toEqual([]);
    expect(collisionsOf([], hours, candidate('bruno', '18:00', '19:00'))).toEqual([]);
    // a groomer without hours here takes no place of the pool: the unassigned one still fits
    expect(
      collisionsOf([appointment('u1', null, '10:00', '11:00')], working('09:00', '13:00', 'anna'), candidate('bruno', '10:00', '11:00')),
    ).toEqual([]);
  });

  it('an unassigned appointment when nobody works has no place: hours, and no appointment to name', () => {
    const hours = working('09:00', '17:00', 'anna', 'bruno');
    expect(collisionsOf([], hours, candidate(null, '16:30', '17:30'))).toEqual([{ reason: 'hours', userId: null, appointmentIds: [] }]);
    // both: full at 16:30, nobody at 17:00
    const booked = [appointment('a1', 'anna', '16:00', '17:00'), appointment('b1', 'bruno', '16:00', '17:00')];
    expect(collisionsOf(booked, hours, candidate(null, '16:30', '17:30')).map((c) => c.reason)).toEqual(['pool', 'hours']);
    // a store that keeps no hours has no pool to fill
    expect(collisionsOf([appointment('u1', null, '10:00', '11:00')], null, candidate(null, '10:00', '11:00'))).toEqual([]);
  });

  it('overtime outside the hours takes nobody from the pool, and another store’s unassigned appointments are not this pool’s', () => {
    const hours = working('09:00', '12:00', 'anna', 'bruno');
    const booked = [appointment('a1', 'anna', '08:00', '09:00'), appointment('x1', null, '10:00', '11:00', [], true)];
    expect(collisionsOf(booked, hours, candidate(null, '09:00', '10:00'))).toEqual([]);
    expect(collisionsOf([...booked, appointment('u1', null, '10:00', '11:00')], hours, candidate(null, '10:00', '11:00'))).toEqual([]);
  });

  it('the pool’s gaps: where the groomers working and free are no more than the unassigned appointments', () => {
    const hours = working('09:00', '12:00', 'anna', 'bruno');
    const pool = poolStateOf([appointment('a1', 'anna', '10:00', '11:00'), appointment('u1', null, '10:30', '11:30')], hours);
    const gaps = poolGaps(pool, at('08:00'), at('13:00'));
    const text = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    // 08:00–09:00 nobody works (UTC+1: 07:00), 10:30–11:00 both are taken, after 12:00 nobody works
    expect(gaps.starts.map((start, index) => `${text(start)}-${text(gaps.ends[index] ?? 0)}`)).toEqual([
      '07:00-08:00',
      '09:30-10:00',
      '11:00-12:00',
    ]);
  });

  it('Europe/Rome spring forward (2026-03-29): hours 01:00–05:00 are three real hours, and the pool holds that long', () => {
    const rules: AvailabilityRule[] = [
      { userId: 'anna', kind: 'open', weekday: null, startDate: null, endDate: null, start: 3600, end: 5 * 3600 },
    ];
    const date = '2026-03-29';
    const hours = workingHours(rules, ['anna'], ROME, parseLocalDate(date), 1);
    expect(hours.get('anna')).toEqual([{ startsAt: Date.UTC(2026, 2, 29, 0), endsAt: Date.UTC(2026, 2, 29, 3) }]);
    const threeHours = { userId: null, startsAt: Date.UTC(2026, 2, 29, 0), endsAt: Date.UTC(2026, 2, 29, 3), petIds: [] };
    expect(collisionsOf([], hours, threeHours)).toEqual([]);
    expect(collisionsOf([], hours, { ...threeHours, endsAt: threeHours.endsAt + MINUTE })[0]?.reason).toBe('hours');
    // the autumn change (2026-10-25): 01:00–04:00 on the clock are four real hours
    const autumn = workingHours(rules, ['anna'], ROME, parseLocalDate('2026-10-25'), 1).get('anna') ?? [];
    expect(autumn.map((i) => (i.endsAt - i.startsAt) / MINUTE)).toEqual([5 * 60]);
  });
});
