import fc from 'fast-check';
import { moneyInputSchema } from '@pawline/contracts';
import { formatAmount, MONEY_CENTS_MAX, parseMoney } from '@pawline/domain';
import { centsOf, instantsOf } from './appointment-rows';

const HOUR = 3_600_000;

describe('appointment rows', () => {
  it('R5.16 money is integer cents; amount text is read with a comma or a dot and at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_CENTS_MAX }), (cents) => {
        expect(centsOf(cents, 'price')).toBe(cents);
        expect(centsOf(formatAmount(cents), 'price')).toBe(cents);
        expect(centsOf(formatAmount(cents, { pad: true }).replace(',', '.'), 'price')).toBe(cents);
      }),
    );
    expect(centsOf('12,5', 'price')).toBe(1250);
    expect(centsOf('7.05', 'price')).toBe(705);
  });

  it('refuses amount text that is not an amount with validation_failed naming the field, never a guess (issue 11)', () => {
    for (const text of ['abc', '1e10', '-5', '12.345', '€ 7,05', '99999999999']) {
      expect(() => centsOf(text, 'final_price')).toThrow(
        expect.objectContaining({ code: 'validation_failed', fields: { final_price: 'Invalid amount' } }),
      );
    }
  });

  it('property: the contract takes exactly the amount text the service reads (moneyInputSchema and parseMoney agree)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^ ?-?\d{0,10}([.,e]\d{0,3})? ?$/)), (text) => {
        expect(moneyInputSchema.safeParse(text).success).toBe(parseMoney(text) !== null);
      }),
    );
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
