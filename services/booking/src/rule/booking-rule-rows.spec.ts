import { bookingRuleInputSchema } from '@pawline/contracts';
import { ruleProblems, ruleRowOf, toBookingRule } from './booking-rule-rows';

const input = (fields: Record<string, unknown>) => bookingRuleInputSchema.parse({ start_hour: 9, end_hour: 18, ...fields });

describe('booking rule rows', () => {
  it('R3.08 files a rule without dates under the zero-to-zero interval', () => {
    expect(ruleRowOf(input({}))).toMatchObject({ date_start: 0, date_end: 0, start_date: null, end_date: null });
  });

  it('R3.08 gives a dated rule its days as Unix seconds of their UTC midnights', () => {
    const row = ruleRowOf(input({ start_date: '2026-12-24', end_date: '2026-12-26', kind: 'closed' }));
    expect(row).toMatchObject({ date_start: Date.UTC(2026, 11, 24) / 1000, date_end: Date.UTC(2026, 11, 26) / 1000, kind: 'closed' });
  });

  it('R3.08 answers the stored parts with start_time and end_time, 24:00 the end of the day', () => {
    const rule = toBookingRule({
      id: '11111111-1111-4111-8111-111111111111',
      orga_id: '22222222-2222-4222-8222-222222222222',
      store_id: '33333333-3333-4333-8333-333333333333',
      user_id: null,
      kind: 'open',
      weekday: 6,
      start_date: null,
      end_date: null,
      date_start: '0',
      date_end: '0',
      start_hour: 8,
      start_min: 5,
      start_sec: 30,
      end_hour: 24,
      end_min: 0,
      end_sec: 0,
      created_at: new Date('2026-11-24T10:00:00Z'),
    });
    expect(rule).toMatchObject({
      date_start: 0,
      date_end: 0,
      start_time: '08:05:30',
      end_time: '24:00:00',
      created_at: '2026-11-24T10:00:00.000Z',
    });
  });

  it('accepts a rule within one day and refuses an end at or before its start, past 24:00, or dates out of order', () => {
    expect(ruleProblems(input({ start_hour: 0, end_hour: 24 }))).toBeNull();
    expect(ruleProblems(input({ start_hour: 12, end_hour: 12 }))).toEqual({ end_hour: 'The end comes after the start' });
    expect(ruleProblems(input({ start_hour: 10, end_hour: 9, end_min: 59 }))).toHaveProperty('end_hour');
    expect(ruleProblems(input({ end_hour: 24, end_min: 30 }))).toEqual({ end_hour: 'The end is 24:00 at the latest' });
    expect(ruleProblems(input({ start_hour: 24, end_hour: 24 }))).toHaveProperty('start_hour');
    expect(ruleProblems(input({ start_date: '2026-12-26', end_date: '2026-12-24' }))).toEqual({
      end_date: 'The last day is not before the first',
    });
  });
});
