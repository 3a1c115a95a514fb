import fc from 'fast-check';
import {
  countCorrection,
  isLowStock,
  lineProblem,
  lineTotals,
  refundCents,
  saleTotals,
  standardVatRateBp,
  vatIncluded,
  vatRateBp,
  type SaleLineInput,
} from './sale-totals';

const line = (unit: number, quantity: number, rate: number, discount: SaleLineInput['discount'] = null): SaleLineInput => ({
  unit_price_cents: unit,
  quantity,
  vat_rate_bp: rate,
  discount,
});

describe('counter sale totals (issue 32: prices include VAT, rounding per line)', () => {
  it('takes the VAT out of a price that includes it, at Italian, German and French rates', () => {
    expect(vatIncluded(1220, 2200)).toBe(220); // a 12,20 € shampoo at 22 % holds 2,20 €
    expect(vatIncluded(999, 2200)).toBe(180); // 180.15 → 180
    expect(vatIncluded(1190, 1900)).toBe(190); // Germany 19 %
    expect(vatIncluded(1055, 550)).toBe(55); // France 5.5 %
    expect(vatIncluded(1050, 1000)).toBe(95); // 95.45 → 95
    expect(vatIncluded(500, 0)).toBe(0);
  });

  it('rounds half up: 10 cents at 10 % hold 0.909 → 1 cent, 11 cents at 4 % hold 0.42 → 0', () => {
    expect(vatIncluded(10, 1000)).toBe(1);
    expect(vatIncluded(11, 400)).toBe(0);
  });

  it('prices a line with a percentage discount, rounding the discount to the cent', () => {
    expect(lineTotals(line(1220, 2, 2200, { kind: 'percent', percent: 10 }))).toEqual({
      gross_cents: 2440,
      discount_cents: 244,
      total_cents: 2196,
      vat_cents: 396,
      net_cents: 1800,
    });
    // 15 % of 9,99 € is 1,4985 € → 1,50 €
    expect(lineTotals(line(999, 1, 2200, { kind: 'percent', percent: 15 })).discount_cents).toBe(150);
  });

  it('prices a line with an amount off the whole line', () => {
    expect(lineTotals(line(1220, 2, 2200, { kind: 'amount', cents: 200 }))).toEqual({
      gross_cents: 2440,
      discount_cents: 200,
      total_cents: 2240,
      vat_cents: 404,
      net_cents: 1836,
    });
  });

  it('sums a receipt per VAT rate from the rounded lines', () => {
    const totals = saleTotals([line(999, 1, 2200), line(350, 3, 1000), line(1220, 1, 2200, { kind: 'percent', percent: 100 })]);
    expect(totals).toMatchObject({ gross_cents: 3269, discount_cents: 1220, total_cents: 2049, vat_cents: 275 });
    expect(totals.by_rate).toEqual([
      { vat_rate_bp: 1000, total_cents: 1050, vat_cents: 95, net_cents: 955 },
      { vat_rate_bp: 2200, total_cents: 999, vat_cents: 180, net_cents: 819 },
    ]);
    expect(saleTotals([])).toMatchObject({ total_cents: 0, by_rate: [] });
  });

  it('refuses a discount larger than the line, a percentage outside 0–100 and a quantity below 1', () => {
    expect(lineProblem(line(500, 1, 2200, { kind: 'amount', cents: 501 }))).toBe('discount_exceeds_line');
    expect(lineProblem(line(500, 1, 2200, { kind: 'amount', cents: 500 }))).toBeNull();
    expect(lineProblem(line(500, 1, 2200, { kind: 'percent', percent: 101 }))).toBe('discount_invalid');
    expect(lineProblem(line(500, 1, 2200, { kind: 'percent', percent: 12.5 }))).toBe('discount_invalid');
    expect(lineProblem(line(500, 0, 2200))).toBe('quantity_invalid');
    expect(() => lineTotals(line(500, 1, 2200, { kind: 'amount', cents: 600 }))).toThrow('discount_exceeds_line');
  });

  it('property: a line total is its net plus its VAT, never negative, and the receipt is the sum of its lines', () => {
    const arbitraryLine = fc.record({
      unit_price_cents: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      vat_rate_bp: fc.constantFrom(0, 400, 500, 550, 700, 1000, 1900, 2000, 2200),
      discount: fc.oneof(
        fc.constant(null),
        fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 0, max: 100 }) }),
      ),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 8 }), (lines) => {
        const totals = saleTotals(lines);
        for (const priced of totals.lines) {
          expect(priced.net_cents + priced.vat_cents).toBe(priced.total_cents);
          expect(priced.total_cents).toBeGreaterThanOrEqual(0);
          expect(priced.vat_cents).toBeLessThanOrEqual(priced.total_cents);
        }
        expect(totals.by_rate.reduce((sum, row) => sum + row.total_cents, 0)).toBe(totals.total_cents);
        expect(totals.by_rate.reduce((sum, row) => sum + row.vat_cents, 0)).toBe(totals.vat_cents);
      }),
    );
  });
});

describe('returns, counts and low stock (issue 32)', () => {
  it('gives back a discounted line in thirds without losing or doubling a cent', () => {
    expect([refundCents(1000, 3, 0, 1), refundCents(1000, 3, 1, 1), refundCents(1000, 3, 2, 1)]).toEqual([333, 334, 333]);
    expect(refundCents(1000, 3, 0, 3)).toBe(1000);
    expect(() => refundCents(1000, 3, 2, 2)).toThrow('more units');
  });

  it('property: any sequence of returns of a whole line gives back exactly its total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
        (total, steps) => {
          const quantity = steps.reduce((a, b) => a + b, 0);
          let returned = 0;
          let refunded = 0;
          for (const step of steps) {
            refunded += refundCents(total, quantity, returned, step);
            returned += step;
          }
          expect(refunded).toBe(total);
        },
      ),
    );
  });

  it('flags low stock when on hand comes down to the reorder level', () => {
    expect(isLowStock(3, 2)).toBe(false);
    expect(isLowStock(2, 2)).toBe(true);
    expect(isLowStock(0, 0)).toBe(true);
    expect(isLowStock(-1, 0)).toBe(true);
  });

  it('records a count as the difference to what the books say', () => {
    expect(countCorrection(5, 3)).toBe(-2);
    expect(countCorrection(0, 4)).toBe(4);
    expect(countCorrection(2, 2)).toBe(0);
  });

  it('reads a VAT rate a person typed as basis points', () => {
    expect(vatRateBp('22')).toBe(2200);
    expect(vatRateBp('5,5')).toBe(550);
    expect(vatRateBp(5.5)).toBe(550);
    expect(vatRateBp('0')).toBe(0);
    expect(vatRateBp('101')).toBeNull();
    expect(vatRateBp('22%')).toBeNull();
    expect(vatRateBp('1.234')).toBeNull();
  });
});

describe('standardVatRateBp (the service line of a check-out)', () => {
  it('knows the salons’ countries and asks elsewhere', () => {
    expect([standardVatRateBp('IT'), standardVatRateBp('de'), standardVatRateBp('FR')]).toEqual([2200, 1900, 2000]);
    expect(standardVatRateBp('US')).toBeNull();
  });
});
