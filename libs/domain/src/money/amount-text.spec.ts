import fc from 'fast-check';
import { formatAmount, parseAmount, sanitizeAmountText } from './amount-text';

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
