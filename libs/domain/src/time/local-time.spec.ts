import fc from 'fast-check';
import { dateTimeFormat, instantToLocal, localDateOf, localToInstant, offsetAt, type LocalDateTime } from './local-time';

const ROME = 'Europe/Rome';
const HOUR = 3_600_000;

const wallTime = fc.record({
  year: fc.integer({ min: 2000, max: 2040 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.integer({ min: 0, max: 23 }),
  min: fc.integer({ min: 0, max: 59 }),
  sec: fc.integer({ min: 0, max: 59 }),
});

/** The last Sunday of a month (Europe's daylight-saving change days). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

describe('local time ↔ instant', () => {
  it('R3.07 an instant read in a zone and converted back is the same instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(ROME, 'America/New_York', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe'),
        (ms, zone) => {
          const whole = ms - (ms % 1000);
          const local = instantToLocal(whole, zone);
          const back = localToInstant(local, zone);
          // a repeated hour maps back to its first instant, which reads the same on the wall
          expect(instantToLocal(back, zone)).toEqual(local);
          expect(back).toBeLessThanOrEqual(whole);
        },
      ),
    );
  });

  it('R3.07 every wall time outside the change hour keeps its local time in Europe/Rome', () => {
    fc.assert(
      fc.property(wallTime, (local: LocalDateTime) => {
        fc.pre(local.hour !== 2);
        expect(instantToLocal(localToInstant(local, ROME), ROME)).toEqual(local);
      }),
    );
  });

  it('R3.07 on the last Sunday of March the skipped 02:00–03:00 moves forward by the hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2040 }), fc.integer({ min: 0, max: 59 }), (year, min) => {
        const day = lastSunday(year, 3);
        const at = localToInstant({ year, month: 3, day, hour: 2, min, sec: 0 }, ROME);
        expect(instantToLocal(at, ROME)).toEqual({ year, month: 3, day, hour: 3, min, sec: 0 });
        expect(at).toBe(Date.UTC(year, 2, day, 1, min));
        // 01:59 winter time and 03:00 summer time are one minute apart
        expect(
          localToInstant({ year, month: 3, day, hour: 3, min: 0, sec: 0 }, ROME) -
            localToInstant({ year, month: 3, day, hour: 1, min: 59, sec: 0 }, ROME),
        ).toBe(60_000);
      }),
    );
  });

  it('R3.07 on the last Sunday of October the repeated 02:00–03:00 is its first (summer time) instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2040 }), fc.integer({ min: 0, max: 59 }), (year, min) => {
        const day = lastSunday(year, 10);
        const at = localToInstant({ year, month: 10, day, hour: 2, min, sec: 0 }, ROME);
        expect(at).toBe(Date.UTC(year, 9, day, 0, min));
        expect(offsetAt(at, ROME)).toBe(2 * HOUR);
        expect(offsetAt(at + HOUR, ROME)).toBe(HOUR);
        expect(instantToLocal(at + HOUR, ROME)).toEqual({ year, month: 10, day, hour: 2, min, sec: 0 });
      }),
    );
  });

  it('R3.07 the day of the spring change lasts 23 hours and the autumn one 25 in Rome', () => {
    const spring = { year: 2026, month: 3, day: 29, hour: 0, min: 0, sec: 0 };
    const autumn = { year: 2026, month: 10, day: 25, hour: 0, min: 0, sec: 0 };
    expect(localToInstant({ ...spring, day: 30 }, ROME) - localToInstant(spring, ROME)).toBe(23 * HOUR);
    expect(localToInstant({ ...autumn, day: 26 }, ROME) - localToInstant(autumn, ROME)).toBe(25 * HOUR);
  });
});

describe('formatters made once', () => {
  it('answers the same Intl.DateTimeFormat for the same locale and options, another for other ones', () => {
    const rome = dateTimeFormat('it', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(dateTimeFormat('it', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).toBe(rome);
    expect(dateTimeFormat('it', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).not.toBe(rome);
    expect(dateTimeFormat('de', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).not.toBe(rome);
    expect(rome.format(Date.UTC(2026, 6, 1, 12, 30))).toBe('14:30');
  });

  it('keeps at most 1,000 of them: the oldest goes first, and a dropped one is made again on demand', () => {
    const first = dateTimeFormat('en', { timeZone: 'UTC', year: 'numeric' });
    // Intl ignores an option it does not know, which makes 1,000 other keys
    for (let i = 0; i < 1000; i += 1) dateTimeFormat('en', { timeZone: 'UTC', year: 'numeric', ...{ probe: i } });
    expect(dateTimeFormat('en', { timeZone: 'UTC', year: 'numeric' })).not.toBe(first);
  });

  it('gives the calendar day of an instant in a zone, around midnight and across daylight saving', () => {
    expect(localDateOf(new Date('2026-03-28T23:30:00Z'), 'Europe/Rome')).toBe('2026-03-29');
    expect(localDateOf(Date.parse('2026-03-28T22:59:59Z'), 'Europe/Rome')).toBe('2026-03-28');
    expect(localDateOf(new Date('2026-10-25T22:30:00Z'), 'Europe/Rome')).toBe('2026-10-25');
    expect(localDateOf(new Date('2026-01-01T04:00:00Z'), 'America/New_York')).toBe('2025-12-31');
  });
});
