import fc from 'fast-check';
import { formatAmount, MONEY_CENTS_MAX, parseAmount, parseMoney, sanitizeAmountText } from './amount-text';

describe('amount text', () => {
  it('R5.16 keeps only digits, dot and comma, at most 2 decimals, display with a comma', () => {
    expect(sanitizeAmountText('€ 12.5')).toBe('12,5');
    expect(sanitizeAmountText('12,345')).toBe('12,34');
    expect(sanitizeAmountText('abc')).toBe('');
    expect(sanitizeAmountText('12,')).toBe('12,');
    expect(sanitizeAmountText('1.234,56')).toBe('1234,56');
  });

  it('R5.16 pads to 2 decimals when asked', () => {
    expect(sanitizeAmountText('12', { pad: true })).toBe('12,00');
    expect(sanitizeAmountText('12.5', { pad: true })).toBe('12,50');
    expect(sanitizeAmountText(',5', { pad: true })).toBe('0,50');
    expect(sanitizeAmountText('', { pad: true })).toBe('');
  });

  it('R5.16 parses comma as dot into integer cents; not-a-number gives 0', () => {
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('0,05')).toBe(5);
    expect(parseAmount('7')).toBe(700);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('abc')).toBe(0);
    expect(parseAmount(',')).toBe(0);
  });

  it('R5.16 formats cents with a comma, optionally padded', () => {
    expect(formatAmount(1250)).toBe('12,5');
    expect(formatAmount(1250, { pad: true })).toBe('12,50');
    expect(formatAmount(1200)).toBe('12');
    expect(formatAmount(5, { pad: true })).toBe('0,05');
    expect(formatAmount(-1999, { pad: true })).toBe('-19,99');
    expect(formatAmount(Number.NaN, { pad: true })).toBe('0,00');
    expect(formatAmount('3.1', { pad: true })).toBe('3,10');
  });

  it('R5.16 property: formatting then parsing gives back the cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.boolean(), (cents, pad) => {
        expect(parseAmount(formatAmount(cents, { pad }))).toBe(cents);
      }),
    );
  });

  it('R5.16 property: sanitized text is digits with at most one comma and 2 decimals, and stable', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (text, pad) => {
        const once = sanitizeAmountText(text, { pad });
        expect(once).toMatch(/^[0-9]*(,[0-9]{0,2})?$/);
        expect(sanitizeAmountText(once, { pad })).toBe(once);
        const cents = parseAmount(text);
        expect(Number.isInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(parseAmount(once)).toBe(cents);
      }),
    );
  });

  it('R5.16 property: parsing matches the decimal value read with a dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('.', ','), (int, dec, sep) => {
        const text = `${int}${sep}${String(dec).padStart(2, '0')}`;
        expect(parseAmount(text)).toBe(Math.round(Number(`${int}.${String(dec).padStart(2, '0')}`) * 100));
      }),
    );
  });
});

describe('strict money reading', () => {
  it('reads amounts with at most two decimals into cents', () => {
    expect(parseMoney('12,50')).toBe(1250);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('0,05')).toBe(5);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney(' 30 ')).toBe(3000);
    expect(parseMoney('1000000')).toBe(MONEY_CENTS_MAX);
  });

  it('refuses what is not an amount instead of guessing (issue 11: abc was 0, 1e10 was 11000, -5 was 500)', () => {
    for (const text of ['abc', '', ' ', '1e10', '-5', '+5', '12,345', '1.234,56', '€ 12', '12,', ',5', '0x10', 'Infinity', 'NaN', '1 000'])
      expect(parseMoney(text)).toBeNull();
  });

  it('refuses amounts above the most one amount holds', () => {
    expect(parseMoney('1000000,01')).toBeNull();
    expect(parseMoney('99999999999')).toBeNull();
    expect(parseMoney('999999999')).toBeNull();
  });

  it('property: formatted cents in range read back as the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_CENTS_MAX }), fc.boolean(), (cents, pad) => {
        expect(parseMoney(formatAmount(cents, { pad }))).toBe(cents);
      }),
    );
  });

  it('property: any text reads as null or as whole cents from 0 to the maximum, matching the decimal value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^-?\d{0,10}([.,e]\d{0,3})?$/)), (text) => {
        const cents = parseMoney(text);
        if (cents === null) return;
        expect(Number.isInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(MONEY_CENTS_MAX);
        expect(cents).toBe(Math.round(Number(text.trim().replace(',', '.')) * 100));
      }),
    );
  });
});
