import fc from 'fast-check';
import { checkoutDiscount } from './discount';

describe('the check-out discount, an amount or a percentage', () => {
  it('"10%" of 35,50 is 3,55, not 10,00', () => {
    expect(checkoutDiscount(3550, { percent: 10 })).toEqual({ ok: true, cents: 355, percent: 10 });
    expect(checkoutDiscount(3550, { cents: 1000 })).toEqual({ ok: true, cents: 1000, percent: null });
  });

  it('rounds a percentage to the nearest cent, half a cent up', () => {
    expect(checkoutDiscount(1999, { percent: 12.5 })).toMatchObject({ cents: 250 });
    expect(checkoutDiscount(1000, { percent: 33.33 })).toMatchObject({ cents: 333 });
    expect(checkoutDiscount(1001, { percent: 50 })).toMatchObject({ cents: 501 });
    expect(checkoutDiscount(4500, { percent: 100 })).toMatchObject({ cents: 4500 });
    expect(checkoutDiscount(4500, { percent: 0 })).toMatchObject({ cents: 0 });
  });

  it('refuses more than the price and a percentage outside 0–100', () => {
    expect(checkoutDiscount(3000, { cents: 3001 })).toEqual({ ok: false, reason: 'more_than_price' });
    expect(checkoutDiscount(3000, { percent: 100.01 })).toEqual({ ok: false, reason: 'percent_out_of_range' });
    expect(checkoutDiscount(3000, { percent: -1 })).toEqual({ ok: false, reason: 'percent_out_of_range' });
    expect(checkoutDiscount(3000, { percent: Number.NaN })).toEqual({ ok: false, reason: 'percent_out_of_range' });
  });

  it('a percentage discount is never below 0 nor above the price, and grows with the percentage', () => {
    const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), percent, percent, (price, a, b) => {
        const low = checkoutDiscount(price, { percent: Math.min(a, b) });
        const high = checkoutDiscount(price, { percent: Math.max(a, b) });
        if (!low.ok || !high.ok) throw new Error('refused');
        expect(low.cents).toBeGreaterThanOrEqual(0);
        expect(high.cents).toBeLessThanOrEqual(price);
        expect(low.cents).toBeLessThanOrEqual(high.cents);
        expect(Math.abs(high.cents - (price * Math.max(a, b)) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});
