import { billingDate, firstOfNextMonth } from './billing-dates';

describe('billing dates in Europe/Rome', () => {
  it('R1.22 the paid period ends at 00:00 in Rome on the 1st, in winter and in summer time', () => {
    expect(firstOfNextMonth('2026-11-16').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(firstOfNextMonth('2026-12-05').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(firstOfNextMonth('2027-03-31').toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(firstOfNextMonth('2027-06-01').toISOString()).toBe('2027-06-30T22:00:00.000Z');
  });

  it('takes the calendar date of an instant in Rome', () => {
    expect(billingDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(billingDate(new Date('2026-11-30T22:30:00Z'))).toBe('2026-11-30');
  });
});
