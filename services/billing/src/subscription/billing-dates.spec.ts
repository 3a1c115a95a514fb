import fc from 'fast-check';
import { billingDate, billingYear, firstOfNextMonth } from './billing-dates';

const romeParts = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

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

  it('at 23:30 UTC on December 31st it is already January 1st in Italy: the invoice takes the new year', () => {
    const newYearsEve = new Date('2026-12-31T23:30:00Z');
    expect(billingDate(newYearsEve)).toBe('2027-01-01');
    expect(billingYear(newYearsEve)).toBe(2027);
    expect(billingYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
  });

  it('at 23:30 UTC on the last day of a month it is the 1st of the next in Italy, in winter and in summer time', () => {
    expect(billingDate(new Date('2027-02-28T23:30:00Z'))).toBe('2027-03-01');
    expect(billingDate(new Date('2027-06-30T22:30:00Z'))).toBe('2027-07-01');
    expect(billingDate(new Date('2027-06-30T21:59:59Z'))).toBe('2027-06-30');
  });

  it('property: the date and year of any instant are those of a clock in Rome', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true }), (at) => {
        expect(billingDate(at)).toBe(romeParts(at));
        expect(billingYear(at)).toBe(Number(romeParts(at).slice(0, 4)));
      }),
    );
  });
});
