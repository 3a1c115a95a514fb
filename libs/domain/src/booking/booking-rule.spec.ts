import { bookingRuleDates, clockText, fileBookingRules } from './booking-rule';

describe('booking rule fields', () => {
  it('R3.08 a rule without dates gets date_start 0 and date_end 0', () => {
    expect(bookingRuleDates(null, null)).toEqual({ date_start: 0, date_end: 0 });
  });

  it('date_start and date_end are the Unix seconds of the days’ UTC midnight', () => {
    expect(bookingRuleDates('2026-03-29', '2026-10-25')).toEqual({ date_start: 1_774_742_400, date_end: 1_792_886_400 });
    expect(bookingRuleDates('1970-01-02', null)).toEqual({ date_start: 86_400, date_end: 0 });
  });

  it('clock times read as HH:MM:SS, 86400 as the end of the day', () => {
    expect(clockText(0)).toBe('00:00:00');
    expect(clockText(9 * 3600 + 30 * 60 + 5)).toBe('09:30:05');
    expect(clockText(13 * 3600)).toBe('13:00:00');
    expect(clockText(86_400)).toBe('24:00:00');
  });

  it('R3.08 rules without dates are filed under the zero-to-zero interval, first; dated ones by their days', () => {
    const rules = [
      { id: 'summer', date_start: 1_782_864_000, date_end: 1_785_456_000 },
      { id: 'weekly-a', date_start: 0, date_end: 0 },
      { id: 'christmas', date_start: 1_798_156_800, date_end: 1_798_243_200 },
      { id: 'july-first-week', date_start: 1_782_864_000, date_end: 1_783_382_400 },
      { id: 'weekly-b', date_start: 0, date_end: 0 },
      { id: 'summer-2', date_start: 1_782_864_000, date_end: 1_785_456_000 },
    ];
    const filed = fileBookingRules(rules);
    expect(filed.map((file) => [file.date_start, file.date_end, file.rules.map((rule) => rule.id)])).toEqual([
      [0, 0, ['weekly-a', 'weekly-b']],
      [1_782_864_000, 1_783_382_400, ['july-first-week']],
      [1_782_864_000, 1_785_456_000, ['summer', 'summer-2']],
      [1_798_156_800, 1_798_243_200, ['christmas']],
    ]);
    expect(fileBookingRules([])).toEqual([]);
  });
});
