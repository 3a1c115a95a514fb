import { localToInstant, parseLocalDate } from '../time/local-time';
import { availableSlots, type AvailabilityQuery, type AvailabilityRule, type AvailableDay, type BusyInterval } from './availability';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';
const MINUTE = 60_000;

/** '09:30' → seconds since midnight */
function clock(text: string): number {
  const [hour, min] = text.split(':').map(Number);
  return (hour ?? 0) * 3600 + (min ?? 0) * 60;
}

/** The instant of a local date and time in a zone. */
function at(date: string, time: string, timeZone = ROME): number {
  const [hour, min] = time.split(':').map(Number);
  return localToInstant({ ...parseLocalDate(date), hour: hour ?? 0, min: min ?? 0, sec: 0 }, timeZone);
}

function rule(fields: Partial<Omit<AvailabilityRule, 'start' | 'end'>> & { start: string; end: string }): AvailabilityRule {
  return {
    userId: null,
    kind: 'open',
    weekday: null,
    startDate: null,
    endDate: null,
    ...fields,
    start: clock(fields.start),
    end: clock(fields.end),
  };
}

function busy(userId: string | null, date: string, from: string, to: string, timeZone = ROME): BusyInterval {
  return { userId, startsAt: at(date, from, timeZone), endsAt: at(date, to, timeZone) };
}

/** a groomer who works whenever the office is open */
const ALWAYS = (userId: string) => rule({ userId, start: '00:00', end: '24:00' });

function query(fields: Partial<AvailabilityQuery>): AvailabilityQuery {
  return {
    timeZone: ROME,
    from: '2026-11-30', // a Monday
    days: 1,
    durationMinutes: 60,
    staffIds: ['anna'],
    rules: [],
    busy: [],
    now: Date.UTC(2026, 10, 1),
    minNoticeMinutes: 0,
    horizonDays: 90,
    bufferMinutes: 0,
    stepMinutes: 30,
    ...fields,
  };
}

function timesOf(day: AvailableDay | undefined): string[] {
  return (day?.slots ?? []).map((slot) => slot.time);
}

function times(fields: Partial<AvailabilityQuery>): string[] {
  return timesOf(availableSlots(query(fields))[0]);
}

describe('available booking slots', () => {
  it('office hours: a start every step from the opening while the treatment still ends by closing time', () => {
    const days = availableSlots(query({ rules: [rule({ start: '09:00', end: '12:00' }), ALWAYS('anna')] }));
    expect(days).toHaveLength(1);
    expect(days[0]?.date).toBe('2026-11-30');
    expect(days[0]?.slots).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00'].map((time) => ({
        date: '2026-11-30',
        time,
        startsAt: at('2026-11-30', time),
        endsAt: at('2026-11-30', time) + 60 * MINUTE,
        userIds: ['anna'],
      })),
    );
    // winter time in Rome is UTC+1
    expect(days[0]?.slots[0]?.startsAt).toBe(Date.UTC(2026, 10, 30, 8, 0));
  });

  it('the groomer’s hours within the office hours count; a store without office hours counts the groomer’s alone', () => {
    const anna = rule({ userId: 'anna', start: '10:00', end: '14:00' });
    expect(times({ rules: [rule({ start: '09:00', end: '12:00' }), anna] })).toEqual(['10:00', '10:30', '11:00']);
    expect(times({ rules: [anna] })).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
  });

  it('a store without office hours still closes on its office closed days', () => {
    const rules = [
      rule({ userId: 'anna', start: '09:00', end: '11:00' }),
      rule({ kind: 'closed', startDate: '2026-12-08', endDate: '2026-12-08', start: '00:00', end: '24:00' }),
      rule({ kind: 'closed', weekday: 3, start: '10:00', end: '24:00' }),
    ];
    expect(availableSlots(query({ rules, from: '2026-12-07', days: 3, stepMinutes: 60 })).map(timesOf)).toEqual([
      ['09:00', '10:00'],
      [],
      ['09:00'],
    ]);
  });

  it('a groomer without opening hours is never free, even when the office is open', () => {
    const rules = [rule({ start: '09:00', end: '12:00' }), rule({ userId: 'bruno', start: '09:00', end: '10:00' })];
    expect(times({ rules })).toEqual([]);
    expect(times({ rules, staffIds: ['anna', 'bruno'] })).toEqual(['09:00']);
  });

  it('steps start again at each open interval: after a closed lunch break the grid starts at its end', () => {
    const rules = [rule({ start: '09:10', end: '18:00' }), rule({ kind: 'closed', start: '12:45', end: '14:05' }), ALWAYS('anna')];
    expect(times({ rules, durationMinutes: 45 })).toEqual([
      '09:10',
      '09:40',
      '10:10',
      '10:40',
      '11:10',
      '11:40',
      '14:05',
      '14:35',
      '15:05',
      '15:35',
      '16:05',
      '16:35',
      '17:05',
    ]);
  });

  it('a closed afternoon of one groomer and a closed day of the store', () => {
    const rules = [
      rule({ start: '09:00', end: '18:00' }),
      ALWAYS('anna'),
      rule({ userId: 'anna', kind: 'closed', startDate: '2026-12-01', endDate: '2026-12-01', start: '13:00', end: '24:00' }),
      rule({ kind: 'closed', startDate: '2026-12-08', endDate: '2026-12-08', start: '00:00', end: '24:00' }),
    ];
    const days = availableSlots(query({ rules, from: '2026-11-30', days: 9, durationMinutes: 120, stepMinutes: 60 }));
    expect(days.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
    ]);
    const full = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    expect(timesOf(days[0])).toEqual(full);
    expect(timesOf(days[1])).toEqual(['09:00', '10:00', '11:00']);
    expect(timesOf(days[7])).toEqual(full);
    expect(timesOf(days[8])).toEqual([]);
  });

  it('weekly rules apply on their weekday only, 0 Sunday … 6 Saturday', () => {
    const rules = [
      rule({ weekday: 1, start: '09:00', end: '11:00' }),
      rule({ weekday: 6, start: '14:00', end: '16:00' }),
      rule({ weekday: 0, start: '10:00', end: '11:00' }),
      ALWAYS('anna'),
    ];
    const days = availableSlots(query({ rules, days: 7, stepMinutes: 60 }));
    expect(days.map((day) => [day.date, timesOf(day)])).toEqual([
      ['2026-11-30', ['09:00', '10:00']],
      ['2026-12-01', []],
      ['2026-12-02', []],
      ['2026-12-03', []],
      ['2026-12-04', []],
      ['2026-12-05', ['14:00', '15:00']],
      ['2026-12-06', ['10:00']],
    ]);
  });

  it('a dated rule applies from its first to its last day inclusive, beside the undated ones', () => {
    const rules = [
      rule({ weekday: 1, start: '09:00', end: '11:00' }),
      rule({ weekday: 1, startDate: '2026-12-07', endDate: '2026-12-14', start: '15:00', end: '17:00' }),
      rule({ startDate: '2026-12-22', start: '08:00', end: '09:00' }),
      rule({ endDate: '2026-11-30', start: '20:00', end: '21:00' }),
      ALWAYS('anna'),
    ];
    const mondays = (from: string) => times({ rules, from, stepMinutes: 60 });
    expect(mondays('2026-11-30')).toEqual(['09:00', '10:00', '20:00']);
    expect(mondays('2026-12-07')).toEqual(['09:00', '10:00', '15:00', '16:00']);
    expect(mondays('2026-12-14')).toEqual(['09:00', '10:00', '15:00', '16:00']);
    expect(mondays('2026-12-21')).toEqual(['09:00', '10:00']);
    expect(mondays('2026-12-28')).toEqual(['08:00', '09:00', '10:00']);
    expect(times({ rules, from: '2026-12-21', days: 2 })).toEqual(['09:00', '09:30', '10:00']);
    expect(availableSlots(query({ rules, from: '2026-12-21', days: 2, stepMinutes: 60 })).map(timesOf)).toEqual([
      ['09:00', '10:00'],
      ['08:00'],
    ]);
  });

  it('an appointment and the buffer after it, and the buffer after the new slot, keep the groomer busy', () => {
    const rules = [rule({ start: '09:00', end: '13:00' }), ALWAYS('anna')];
    const appointment = busy('anna', '2026-11-30', '10:00', '11:00');
    expect(times({ rules, busy: [appointment], stepMinutes: 15 })).toEqual(['09:00', '11:00', '11:15', '11:30', '11:45', '12:00']);
    expect(times({ rules, busy: [appointment], stepMinutes: 15, bufferMinutes: 15 })).toEqual(['11:15', '11:30', '11:45', '12:00']);
    // the buffer after the new slot too: 09:00 + 45 + 15 just reaches the 10:00 appointment, + 20 passes it
    expect(times({ rules, busy: [appointment], stepMinutes: 15, bufferMinutes: 15, durationMinutes: 45 })).toEqual([
      '09:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
    ]);
    expect(times({ rules, busy: [appointment], stepMinutes: 15, bufferMinutes: 20, durationMinutes: 45 })).toEqual([
      '11:30',
      '11:45',
      '12:00',
      '12:15',
    ]);
  });

  it('appointments inside other appointments still block, whichever is found first', () => {
    const rules = [rule({ start: '09:00', end: '13:00' }), ALWAYS('anna')];
    const appointments = [
      busy('anna', '2026-11-30', '09:00', '12:00'),
      busy('anna', '2026-11-30', '09:30', '10:00'),
      busy('anna', '2026-11-30', '10:30', '10:45'),
    ];
    expect(times({ rules, busy: appointments })).toEqual(['12:00']);
  });

  it('an unassigned appointment takes a place of the pool; another groomer’s appointments block nobody', () => {
    const rules = [rule({ start: '09:00', end: '11:00' }), ALWAYS('anna'), ALWAYS('zoe')];
    const appointments = [busy(null, '2026-11-30', '09:00', '10:00'), busy('bruno', '2026-11-30', '09:00', '11:00')];
    // anna alone is the pool: whoever does the unassigned one is her
    expect(times({ rules, busy: appointments })).toEqual(['10:00']);
    // with zoe in the pool one place is left while the unassigned one runs
    expect(times({ rules, busy: appointments, poolStaffIds: ['anna', 'zoe'] })).toEqual(['09:00', '09:30', '10:00']);
    // the buffer after an unassigned appointment holds its place too
    expect(times({ rules, busy: appointments, bufferMinutes: 15, stepMinutes: 15 })).toEqual([]);
  });

  it('three groomers working 10:00–11:00 and two unassigned appointments: one place, offered with every groomer', () => {
    const rules = ['anna', 'bruno', 'carla'].map((userId) => rule({ userId, start: '10:00', end: '11:00' }));
    const staffIds = ['anna', 'bruno', 'carla'];
    const two = [busy(null, '2026-11-30', '10:00', '11:00'), busy(null, '2026-11-30', '10:00', '11:00')];
    expect(availableSlots(query({ rules, staffIds, busy: two }))[0]?.slots.map((slot) => [slot.time, slot.userIds])).toEqual([
      ['10:00', ['anna', 'bruno', 'carla']],
    ]);
    const three = [...two, busy(null, '2026-11-30', '10:30', '10:45')];
    expect(times({ rules, staffIds, busy: three })).toEqual([]);
    // a chosen groomer: the pool is still all of them
    expect(times({ rules, staffIds: ['bruno'], poolStaffIds: staffIds, busy: two })).toEqual(['10:00']);
    expect(times({ rules, staffIds: ['bruno'], poolStaffIds: staffIds, busy: three })).toEqual([]);
  });

  it('a known pet of the customer booked at a time keeps that time off', () => {
    const rules = [rule({ start: '09:00', end: '12:00' }), ALWAYS('anna')];
    const oliver = { ...busy('bruno', '2026-11-30', '09:30', '10:30'), petIds: ['oliver'] };
    expect(times({ rules, busy: [oliver], petIds: ['oliver'] })).toEqual(['10:30', '11:00']);
    expect(times({ rules, busy: [oliver], petIds: ['milo'] })).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('the minimum notice: nothing starts before now + notice', () => {
    const rules = [rule({ start: '09:00', end: '13:00' }), ALWAYS('anna')];
    const now = at('2026-11-30', '10:05');
    expect(times({ rules, now, minNoticeMinutes: 60 })).toEqual(['11:30', '12:00']);
    expect(times({ rules, now, minNoticeMinutes: 55 })).toEqual(['11:00', '11:30', '12:00']);
    // a whole day before now + notice is empty
    expect(availableSlots(query({ rules, now, minNoticeMinutes: 24 * 60, days: 2 })).map(timesOf)).toEqual([
      [],
      ['10:30', '11:00', '11:30', '12:00'],
    ]);
  });

  it('the horizon: nothing starts at or after now + horizon days', () => {
    const rules = [rule({ start: '09:00', end: '13:00' }), ALWAYS('anna')];
    const now = at('2026-11-30', '10:00');
    expect(availableSlots(query({ rules, now, horizonDays: 2, days: 4 })).map(timesOf)).toEqual([
      ['10:00', '10:30', '11:00', '11:30', '12:00'],
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'],
      ['09:00', '09:30'],
      [],
    ]);
  });

  it('a chosen groomer or any groomer: each start lists the free groomers, sorted', () => {
    const rules = [
      rule({ start: '09:00', end: '12:00' }),
      ALWAYS('zoe'),
      ALWAYS('anna'),
      rule({ userId: 'marco', start: '10:00', end: '12:00' }),
    ];
    const appointments = [busy('zoe', '2026-11-30', '09:00', '10:00'), busy('anna', '2026-11-30', '10:00', '11:00')];
    const any = availableSlots(query({ rules, busy: appointments, staffIds: ['zoe', 'marco', 'anna'], stepMinutes: 60 }));
    expect(any[0]?.slots.map((slot) => [slot.time, slot.userIds])).toEqual([
      ['09:00', ['anna']],
      ['10:00', ['marco', 'zoe']],
      ['11:00', ['anna', 'marco', 'zoe']],
    ]);
    const chosen = availableSlots(query({ rules, busy: appointments, staffIds: ['zoe'], stepMinutes: 60 }));
    expect(chosen[0]?.slots.map((slot) => [slot.time, slot.userIds])).toEqual([
      ['10:00', ['zoe']],
      ['11:00', ['zoe']],
    ]);
  });

  it('groomers whose intervals start at different times share a start only where both grids meet', () => {
    const rules = [rule({ userId: 'anna', start: '09:00', end: '11:00' }), rule({ userId: 'bruno', start: '09:15', end: '11:00' })];
    const days = availableSlots(query({ rules, staffIds: ['anna', 'bruno'], stepMinutes: 30, durationMinutes: 30 }));
    expect(days[0]?.slots.map((slot) => [slot.time, slot.userIds.join()])).toEqual([
      ['09:00', 'anna'],
      ['09:15', 'bruno'],
      ['09:30', 'anna'],
      ['09:45', 'bruno'],
      ['10:00', 'anna'],
      ['10:15', 'bruno'],
      ['10:30', 'anna'],
    ]);
  });

  it('Europe/Rome spring forward (2026-03-29): the skipped hour has no starts, durations are real minutes', () => {
    const rules = [rule({ start: '01:00', end: '05:00' }), ALWAYS('anna')];
    const day = availableSlots(query({ rules, from: '2026-03-29', now: Date.UTC(2026, 2, 1), durationMinutes: 30 }))[0];
    expect(timesOf(day)).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
    // 01:30 CET lasts until 03:00 CEST: 30 real minutes
    expect(day?.slots[1]).toMatchObject({ startsAt: Date.UTC(2026, 2, 29, 0, 30), endsAt: Date.UTC(2026, 2, 29, 1, 0) });
    expect(day?.slots[2]?.startsAt).toBe(Date.UTC(2026, 2, 29, 1, 0));
    // 90 real minutes fit from 01:00 and 01:30 although the clock shows 2½ hours; the day has 3 open hours
    expect(times({ rules, from: '2026-03-29', now: Date.UTC(2026, 2, 1), durationMinutes: 90 })).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
    expect(times({ rules, from: '2026-03-29', now: Date.UTC(2026, 2, 1), durationMinutes: 180 })).toEqual(['01:00']);
  });

  it('Europe/Rome spring forward: hours that end inside the skipped hour end when the clock jumps', () => {
    const rules = [rule({ start: '01:00', end: '02:30' }), ALWAYS('anna')];
    const base = { rules, from: '2026-03-29', now: Date.UTC(2026, 2, 1) };
    expect(times({ ...base, durationMinutes: 30 })).toEqual(['01:00', '01:30']);
    expect(times({ ...base, durationMinutes: 60 })).toEqual(['01:00']);
    expect(times({ ...base, durationMinutes: 61 })).toEqual([]);
  });

  it('Europe/Rome spring forward: office hours of a normal day are an hour earlier in UTC after the change', () => {
    const rules = [rule({ start: '09:00', end: '10:00' }), ALWAYS('anna')];
    const days = availableSlots(query({ rules, from: '2026-03-28', days: 2, now: Date.UTC(2026, 2, 1) }));
    expect(days.map((day) => day.slots.map((slot) => slot.startsAt))).toEqual([[Date.UTC(2026, 2, 28, 8)], [Date.UTC(2026, 2, 29, 7)]]);
  });

  it('Europe/Rome fall back (2026-10-25): a repeated time starts at its earlier instant, and only once', () => {
    const rules = [rule({ start: '01:00', end: '04:00' }), ALWAYS('anna')];
    const day = availableSlots(query({ rules, from: '2026-10-25', now: Date.UTC(2026, 9, 1) }))[0];
    expect(day?.slots.map((slot) => [slot.time, new Date(slot.startsAt).toISOString()])).toEqual([
      ['01:00', '2026-10-24T23:00:00.000Z'],
      ['01:30', '2026-10-24T23:30:00.000Z'],
      ['02:00', '2026-10-25T00:00:00.000Z'],
      ['02:30', '2026-10-25T00:30:00.000Z'],
      ['03:00', '2026-10-25T02:00:00.000Z'],
    ]);
    // four real hours open: 240 minutes fit from 01:00 only
    expect(times({ rules, from: '2026-10-25', now: Date.UTC(2026, 9, 1), durationMinutes: 240 })).toEqual(['01:00']);
  });

  it('Europe/Rome fall back: an appointment in the second 02:00–03:00 blocks by its real instants', () => {
    const rules = [rule({ start: '01:00', end: '04:00' }), ALWAYS('anna')];
    // 02:00–03:00 CET, the repeated hour's second pass
    const appointment = { userId: 'anna', startsAt: Date.UTC(2026, 9, 25, 1), endsAt: Date.UTC(2026, 9, 25, 2) };
    expect(times({ rules, from: '2026-10-25', now: Date.UTC(2026, 9, 1), busy: [appointment] })).toEqual([
      '01:00',
      '01:30',
      '02:00',
      '03:00',
    ]);
  });

  it('America/New_York: local hours in Eastern time, and the 2026-03-08 spring forward', () => {
    const rules = [rule({ start: '09:00', end: '10:00' }), rule({ weekday: 0, start: '01:00', end: '04:00' }), ALWAYS('anna')];
    const winter = availableSlots(query({ rules, timeZone: NEW_YORK, from: '2026-12-01' }))[0];
    expect(winter?.slots.map((slot) => slot.startsAt)).toEqual([Date.UTC(2026, 11, 1, 14)]);
    const summer = availableSlots(query({ rules, timeZone: NEW_YORK, from: '2026-07-01', now: Date.UTC(2026, 5, 1) }))[0];
    expect(summer?.slots.map((slot) => slot.startsAt)).toEqual([Date.UTC(2026, 6, 1, 13)]);
    const change = availableSlots(query({ rules, timeZone: NEW_YORK, from: '2026-03-08', now: Date.UTC(2026, 2, 1), stepMinutes: 60 }))[0];
    expect(change?.slots.map((slot) => [slot.time, new Date(slot.startsAt).toISOString()])).toEqual([
      ['01:00', '2026-03-08T06:00:00.000Z'],
      ['03:00', '2026-03-08T07:00:00.000Z'],
      ['09:00', '2026-03-08T13:00:00.000Z'],
    ]);
    // fall back 2026-11-01: 01:00–02:00 EDT comes first
    const autumn = availableSlots(query({ rules, timeZone: NEW_YORK, from: '2026-11-01', now: Date.UTC(2026, 9, 1), stepMinutes: 60 }))[0];
    expect(autumn?.slots.map((slot) => [slot.time, new Date(slot.startsAt).toISOString()])).toEqual([
      ['01:00', '2026-11-01T05:00:00.000Z'],
      ['02:00', '2026-11-01T07:00:00.000Z'],
      ['03:00', '2026-11-01T08:00:00.000Z'],
      ['09:00', '2026-11-01T14:00:00.000Z'],
    ]);
  });

  it('refuses a range it cannot read', () => {
    expect(() => availableSlots(query({ from: '2026-02-30' }))).toThrow(RangeError);
    expect(() => availableSlots(query({ from: '30/11/2026' }))).toThrow(RangeError);
    expect(() => availableSlots(query({ days: 0 }))).toThrow(RangeError);
    expect(() => availableSlots(query({ days: 15 }))).toThrow(RangeError);
    expect(() => availableSlots(query({ stepMinutes: 0 }))).toThrow(RangeError);
    expect(() => availableSlots(query({ durationMinutes: 0 }))).toThrow(RangeError);
    expect(() => availableSlots(query({ timeZone: 'Mars/Olympus', rules: [ALWAYS('anna')] }))).toThrow(RangeError);
  });
});
