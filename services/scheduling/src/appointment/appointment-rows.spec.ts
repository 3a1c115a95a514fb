import fc from 'fast-check';
import { formatAmount } from '@pawline/domain';
import { centsOf, instantsOf } from './appointment-rows';

const HOUR = 3_600_000;

describe('appointment rows', () => {
  it('R5.16 money is integer cents; amount text is read by the spec §5 rules (comma as dot, 2 decimals, not a number is 0)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(centsOf(cents)).toBe(cents);
        expect(centsOf(formatAmount(cents))).toBe(cents);
        expect(centsOf(formatAmount(cents, { pad: true }).replace(',', '.'))).toBe(cents);
      }),
    );
    expect(centsOf('12,5')).toBe(1250);
    expect(centsOf('12.345')).toBe(1234);
    expect(centsOf('€ 7,05')).toBe(705);
    expect(centsOf('abc')).toBe(0);
  });

  it('R3.07 a timed appointment lasts its duration, also across the night clocks change', () => {
    const night = instantsOf({ year: 2026, month: 3, day: 29 }, { hour: 1, min: 30, sec: 0 }, 120, false, 'Europe/Rome');
    expect(night.startsAt.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(night.endsAt.getTime() - night.startsAt.getTime()).toBe(2 * HOUR);
  });

  it("R3.07 a full-day appointment spans the store's local day: 23 hours in March and 25 in October in Rome", () => {
    const spring = instantsOf({ year: 2026, month: 3, day: 29 }, { hour: 0, min: 0, sec: 0 }, 60, true, 'Europe/Rome');
    expect(spring.startsAt.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.endsAt.getTime() - spring.startsAt.getTime()).toBe(23 * HOUR);
    const autumn = instantsOf({ year: 2026, month: 10, day: 25 }, { hour: 0, min: 0, sec: 0 }, 60, true, 'Europe/Rome');
    expect(autumn.endsAt.getTime() - autumn.startsAt.getTime()).toBe(25 * HOUR);
  });
});
