import fc from 'fast-check';
import { localDateOf } from '../time/local-time';
import { addWorkingDays, isWorkingDay, profileUpdateDueBy } from './working-days';

describe('working days (R4.14)', () => {
  it('R4.14 counts 7 working days Monday to Saturday, skipping Sundays', () => {
    // Monday 5 March 2029 → Tuesday 13 March (Sunday 11 skipped)
    expect(addWorkingDays('2029-03-05', 7)).toBe('2029-03-13');
    // Saturday 10 March → 12, 13, 14, 15, 16, 17, 19 (both Sundays skipped)
    expect(addWorkingDays('2029-03-10', 7)).toBe('2029-03-19');
    // Sunday 11 March → 12 to 17 are six, Monday 19 the seventh
    expect(addWorkingDays('2029-03-11', 7)).toBe('2029-03-19');
    expect(isWorkingDay('2029-03-10')).toBe(true);
    expect(isWorkingDay('2029-03-11')).toBe(false);
  });

  it('R4.14 the due day is never a Sunday and comes after exactly 7 working days', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (at) => {
        const start = at.toISOString().slice(0, 10);
        const due = addWorkingDays(start, 7);
        expect(isWorkingDay(due)).toBe(true);
        const days = (Date.parse(due) - Date.parse(start)) / 86_400_000;
        const between = Array.from({ length: days }, (_, i) =>
          new Date(Date.parse(start) + (i + 1) * 86_400_000).toISOString().slice(0, 10),
        );
        expect(between.filter(isWorkingDay)).toHaveLength(7);
        expect(days).toBeLessThanOrEqual(9);
      }),
    );
  });

  it('takes the request day in the store time zone', () => {
    // 23:30 UTC on Saturday is already Sunday in Rome
    expect(localDateOf(new Date('2029-03-10T23:30:00Z'), 'Europe/Rome')).toBe('2029-03-11');
    expect(profileUpdateDueBy(new Date('2029-03-10T23:30:00Z'), 'Europe/Rome')).toBe('2029-03-19');
  });
});
