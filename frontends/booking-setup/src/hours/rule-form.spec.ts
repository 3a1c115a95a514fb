import { ruleRow } from '../testing/booking-harness';
import { EMPTY_RULE_FORM, ruleFromForm, splitRules } from './rule-form';

const GROOMER = '55555555-5555-4555-8555-555555555555';

describe('booking rules on the hours page', () => {
  it('R3.08 files undated rules (the zero-to-zero interval) as the weekly plan, office first, Monday to Sunday', () => {
    const sunday = ruleRow(1, { weekday: 0 });
    const monday = ruleRow(2, { weekday: 1 });
    const mondayLate = ruleRow(3, { weekday: 1, start_time: '14:00:00', start_hour: 14 });
    const groomer = ruleRow(4, { user_id: GROOMER, weekday: 3 });
    const holiday = ruleRow(5, {
      kind: 'closed',
      date_start: 1_798_156_800,
      date_end: 1_798_243_200,
      start_date: '2026-12-25',
      end_date: '2026-12-26',
    });
    const earlier = ruleRow(6, { date_start: 1_797_552_000, date_end: 1_797_552_000, start_date: '2026-12-18', end_date: '2026-12-18' });
    const { weekly, exceptions } = splitRules([groomer, holiday, sunday, mondayLate, earlier, monday]);
    expect(weekly.map((w) => [w.userId, w.rules.map((r) => r.id)])).toEqual([
      [null, [monday.id, mondayLate.id, sunday.id]],
      [GROOMER, [groomer.id]],
    ]);
    expect(exceptions.map((r) => r.id)).toEqual([earlier.id, holiday.id]);
  });

  it('R3.08 weekly hours carry a weekday and no dates', () => {
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, who: GROOMER, weekday: '2', start: '08:30', end: '12:45' })).toEqual({
      fields: {
        user_id: GROOMER,
        kind: 'open',
        weekday: 2,
        start_date: null,
        end_date: null,
        start_hour: 8,
        start_min: 30,
        end_hour: 12,
        end_min: 45,
      },
    });
  });

  it('R3.08 an all-day closing exception carries its first and last day and 00:00–24:00; the office when nobody is chosen', () => {
    const result = ruleFromForm({ ...EMPTY_RULE_FORM, kind: 'exception', weekday: '', startDate: '2026-12-24', endDate: '2026-12-26' });
    expect(result).toEqual({
      fields: {
        user_id: null,
        kind: 'closed',
        weekday: null,
        start_date: '2026-12-24',
        end_date: '2026-12-26',
        start_hour: 0,
        start_min: 0,
        end_hour: 24,
        end_min: 0,
      },
    });
  });

  it('an end of 00:00 is the end of the day; an end not after the start, or dates the wrong way round, are refused', () => {
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, start: '18:00', end: '00:00' })).toMatchObject({ fields: { end_hour: 24, end_min: 0 } });
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, start: '18:00', end: '09:00' })).toEqual({
      problems: { end: 'booking-setup.endBeforeStart' },
    });
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, start: '9', end: '25:00' })).toEqual({
      problems: { start: 'booking-setup.timeInvalid', end: 'booking-setup.timeInvalid' },
    });
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, weekday: '' })).toEqual({ problems: { weekday: 'booking-setup.weekdayRequired' } });
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, kind: 'exception', startDate: '2026-12-26', endDate: '2026-12-24' })).toEqual({
      problems: { endDate: 'booking-setup.endBeforeStart' },
    });
    expect(ruleFromForm({ ...EMPTY_RULE_FORM, kind: 'exception', startDate: '', endDate: '' })).toEqual({
      problems: { startDate: 'validation.required', endDate: 'validation.required' },
    });
  });
});
