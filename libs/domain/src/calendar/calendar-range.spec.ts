import fc from 'fast-check';
import {
  DEFAULT_CALENDAR_VIEW,
  calendarRange,
  calendarRangePathParts,
  compareByDescendingTime,
  sortDayByDescendingTime,
} from './calendar-range';

const DAY = 86_400_000;
const ms = (d: { year: number; month: number; day: number }) => Date.UTC(d.year, d.month - 1, d.day);

describe('calendar range', () => {
  it('R9.08 runs from 6 days before the end of the previous month to 6 days after the start of the month after next', () => {
    expect(calendarRange({ year: 2026, month: 11, day: 22 })).toEqual({
      start: { year: 2026, month: 10, day: 25 },
      end: { year: 2027, month: 1, day: 7 },
    });
  });

  it('R9.08 crosses years and handles February in leap and common years', () => {
    expect(calendarRange({ year: 2027, month: 1, day: 1 })).toEqual({
      start: { year: 2026, month: 12, day: 25 },
      end: { year: 2027, month: 3, day: 7 },
    });
    expect(calendarRange({ year: 2028, month: 3, day: 31 }).start).toEqual({ year: 2028, month: 2, day: 23 });
    expect(calendarRange({ year: 2027, month: 3, day: 31 }).start).toEqual({ year: 2027, month: 2, day: 22 });
    expect(calendarRange({ year: 2026, month: 12, day: 5 }).end).toEqual({ year: 2027, month: 2, day: 7 });
  });

  it('R7.05 gives the six date parts of the range call', () => {
    expect(calendarRangePathParts(calendarRange({ year: 2026, month: 11, day: 1 }))).toEqual([2026, 10, 25, 2027, 1, 7]);
  });

  it('R9.08 property: the range covers the reference month and the next one with 6 days around them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (year, month, day) => {
          const { start, end } = calendarRange({ year, month, day });
          expect(ms(start)).toBe(Date.UTC(year, month - 1, 1) - 7 * DAY);
          expect(ms(end)).toBe(Date.UTC(year, month + 1, 1) + 6 * DAY);
          expect(ms(start)).toBeLessThan(Date.UTC(year, month - 1, day));
        },
      ),
    );
  });

  it('R9.08 R2.10 the default view is Week', () => {
    expect(DEFAULT_CALENDAR_VIEW).toBe('week');
  });

  it('R9.08 orders the appointments of a day by descending time', () => {
    const day = [
      { id: 'a', hour: 9, min: 30, sec: 0 },
      { id: 'b', hour: 14, min: 0, sec: null },
      { id: 'c', hour: 9, min: 30, sec: 15 },
      { id: 'd', hour: 8, min: 0 },
    ];
    expect(sortDayByDescendingTime(day).map((a) => a.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(day[0]?.id).toBe('a');
  });

  it('R9.08 property: sorted days never go forward in time', () => {
    const time = fc.record({
      hour: fc.integer({ min: 0, max: 23 }),
      min: fc.integer({ min: 0, max: 59 }),
      sec: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(fc.array(time), (times) => {
        const sorted = sortDayByDescendingTime(times);
        for (let i = 1; i < sorted.length; i += 1) {
          expect(compareByDescendingTime(sorted[i - 1], sorted[i])).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});
