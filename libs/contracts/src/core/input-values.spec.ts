import fc from 'fast-check';
import { listPetAppointmentsRpc, moneyInputSchema, MONEY_CENTS_MAX } from '../scheduling';
import { petFieldsSchema } from '../crm';
import { calendarDateSchema, isInstantText, isUnsafeText } from './input-values';

describe('values every store of ours holds', () => {
  it('calls text with U+0000 or an unpaired surrogate unsafe, and any other text safe', () => {
    for (const text of ['\u0000', 'a\u0000', '\ud800', 'x\udfff', '\udc00\ud800', '\ud83d']) expect(isUnsafeText(text)).toBe(true);
    for (const text of ['', 'Müller', '🐕', '\u0001\t\n', 'a\ud83d\udc15b']) expect(isUnsafeText(text)).toBe(false);
  });

  it('accepts only real calendar days of years 1 to 9999', () => {
    for (const day of ['2027-03-01', '2028-02-29', '0001-01-01', '9999-12-31'])
      expect(calendarDateSchema.safeParse(day).success).toBe(true);
    for (const day of ['0000-01-01', '2027-02-29', '2027-13-01', '2027-04-31', '2027-00-10', '27-03-01', '2027-3-1'])
      expect(calendarDateSchema.safeParse(day).success).toBe(false);
    expect(petFieldsSchema.shape.born.safeParse('0000-06-15').success).toBe(false);
  });

  it('property: a day is accepted exactly when Date reads back the same day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const date = new Date(Date.UTC(2000, m - 1, d));
        date.setUTCFullYear(y);
        const real = m >= 1 && m <= 12 && d >= 1 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
        expect(calendarDateSchema.safeParse(text).success).toBe(real);
      }),
    );
  });

  it('accepts a pet-history cursor only as a real instant of years 1 to 9999', () => {
    for (const text of ['2027-03-01T10:00:00Z', '2027-03-01T10:00:00.123+01:00', '0001-01-01T00:00:00Z'])
      expect(isInstantText(text)).toBe(true);
    for (const text of ['0000-01-01T00:00:00Z', '2027-02-31T10:00:00Z', '0001-01-01T00:00:00+01:00', 'none', '2027-03-01'])
      expect(isInstantText(text)).toBe(false);
    const cursor = { orga_id: crypto.randomUUID(), store_id: crypto.randomUUID(), pet_id: crypto.randomUUID(), last_id: null };
    expect(listPetAppointmentsRpc.request.safeParse({ ...cursor, last_date: '0000-01-01T00:00:00Z' }).success).toBe(false);
  });
});

describe('money input', () => {
  it('takes cents or amount text with at most two decimals, from 0 to the most one amount holds', () => {
    for (const amount of [0, 1250, MONEY_CENTS_MAX, '12,50', '12.5', '0', '7', ' 30 ', '1000000', '1000000,00'])
      expect(moneyInputSchema.safeParse(amount).success).toBe(true);
    for (const amount of [
      -1,
      1.5,
      MONEY_CENTS_MAX + 1,
      1e10,
      'abc',
      '',
      '1e10',
      '-5',
      '12,345',
      '1.234,56',
      '€ 12',
      '1000000,01',
      '99999999999',
    ])
      expect(moneyInputSchema.safeParse(amount).success).toBe(false);
  });
});
