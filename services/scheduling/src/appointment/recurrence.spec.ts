import fc from 'fast-check';
import { daysBetween, isRealDate } from '@pawline/domain';
import { RECURRING_HORIZON_DAYS, RECURRING_MAX, nthOccurrence, occurrences, type RecurrenceRule } from './recurrence';

const date = fc
  .record({ year: fc.integer({ min: 2000, max: 2040 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .filter((d) => isRealDate(d));
const unit = fc.constantFrom('day' as const, 'week' as const, 'month' as const);
const every = fc.integer({ min: 1, max: 8 });

describe('recurrence', () => {
  it('R3.07 a counted series has exactly count dates, the first being the start, strictly increasing and all real days', () => {
    fc.assert(
      fc.property(date, unit, every, fc.integer({ min: 1, max: 60 }), (start, u, n, count) => {
        const dates = occurrences(start, { unit: u, every: n, count, end: null });
        expect(dates).toHaveLength(count);
        expect(dates[0]).toEqual(start);
        for (let i = 1; i < dates.length; i += 1) {
          expect(daysBetween(dates[i - 1], dates[i])).toBeGreaterThan(0);
          expect(isRealDate(dates[i])).toBe(true);
        }
      }),
    );
  });

  it('R3.07 days and weeks are evenly spaced', () => {
    fc.assert(
      fc.property(date, fc.constantFrom('day' as const, 'week' as const), every, fc.integer({ min: 2, max: 40 }), (start, u, n, count) => {
        const dates = occurrences(start, { unit: u, every: n, count, end: null });
        dates.forEach((d, i) => expect(daysBetween(start, d)).toBe(i * n * (u === 'week' ? 7 : 1)));
      }),
    );
  });

  it('R3.07 months keep the day of the start, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(date, every, fc.integer({ min: 1, max: 40 }), (start, n, i) => {
        const d = nthOccurrence(start, 'month', n, i);
        const months = (d.year - start.year) * 12 + d.month - start.month;
        expect(months).toBe(n * i);
        expect(d.day === start.day || (d.day < start.day && !isRealDate({ ...d, day: d.day + 1 }))).toBe(true);
      }),
    );
    expect(occurrences({ year: 2027, month: 1, day: 31 }, { unit: 'month', every: 1, count: 3, end: null })).toEqual([
      { year: 2027, month: 1, day: 31 },
      { year: 2027, month: 2, day: 28 },
      { year: 2027, month: 3, day: 31 },
    ]);
  });

  it('R3.07 no date falls after the end', () => {
    fc.assert(
      fc.property(
        date,
        unit,
        every,
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: 1, max: 80 }), { nil: null }),
        (start, u, n, span, count) => {
          const end = nthOccurrence(start, 'day', span, 1);
          const rule: RecurrenceRule = { unit: u, every: n, count, end };
          const dates = occurrences(start, rule);
          for (const d of dates) expect(daysBetween(d, end)).toBeGreaterThanOrEqual(0);
          // the next date of the series would be after the end (or the count is used up)
          const next = nthOccurrence(start, u, n, dates.length);
          expect(dates.length === (count ?? RECURRING_MAX) || daysBetween(end, next) > 0).toBe(true);
        },
      ),
    );
  });

  it('R3.07 an unlimited series without end reaches the booking horizon and no further', () => {
    fc.assert(
      fc.property(date, unit, every, (start, u, n) => {
        const dates = occurrences(start, { unit: u, every: n, count: null, end: null });
        const last = dates[dates.length - 1];
        expect(daysBetween(start, last)).toBeLessThanOrEqual(RECURRING_HORIZON_DAYS);
        expect(daysBetween(start, nthOccurrence(start, u, n, dates.length))).toBeGreaterThan(RECURRING_HORIZON_DAYS);
      }),
    );
  });
});
