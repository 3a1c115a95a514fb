import { utilisationPercent, workingMinutes, type WorkRule } from './working-hours';

const H = 3600;
const rule = (over: Partial<WorkRule>): WorkRule => ({
  user_id: 'u1',
  kind: 'open',
  weekday: null,
  start_date: null,
  end_date: null,
  start: 9 * H,
  end: 17 * H,
  from_day: '2026-01-01',
  until_day: null,
  ...over,
});
// 2026-11-16 is a Monday
const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];

describe('R1.12 staff working hours from booking rules', () => {
  it('counts a groomer weekly hours on their weekdays', () => {
    const rules = [1, 2, 3, 4, 5].map((weekday) => rule({ weekday }));
    expect(workingMinutes(rules, week).get('u1')).toBe(5 * 8 * 60);
  });

  it("keeps a groomer's hours within the office's and takes exceptions out", () => {
    const rules = [
      rule({ start: 8 * H, end: 18 * H }),
      rule({ user_id: null, start: 9 * H, end: 13 * H }),
      rule({ user_id: null, start: 14 * H, end: 19 * H }),
      // a day off on Wednesday, an office closing on Friday afternoon
      rule({ kind: 'closed', start_date: '2026-11-18', end_date: '2026-11-18', start: 0, end: 86_400 }),
      rule({ user_id: null, kind: 'closed', weekday: 5, start: 14 * H, end: 24 * H }),
    ];
    // 9-13 and 14-18 = 8 h a day, 7 days, less Wednesday (8 h) and Friday afternoon (4 h)
    expect(workingMinutes(rules, week).get('u1')).toBe((7 * 8 - 8 - 4) * 60);
  });

  it('counts an office hour rule only on the days it has: a weekday without office hours is closed', () => {
    const rules = [rule({}), rule({ user_id: null, weekday: 1, start: 10 * H, end: 12 * H })];
    expect(workingMinutes(rules, week).get('u1')).toBe(2 * 60);
  });

  it('counts a rule from the day it was made until the day before it was deleted', () => {
    const rules = [rule({ from_day: '2026-11-18', until_day: '2026-11-20' })];
    expect(workingMinutes(rules, week).get('u1')).toBe(2 * 8 * 60);
    expect(workingMinutes(rules, ['2026-11-10']).has('u1')).toBe(false);
  });

  it('answers booked over working minutes, and null without working hours', () => {
    expect(utilisationPercent(240, 480)).toBe(50);
    expect(utilisationPercent(100, 300)).toBe(33.3);
    expect(utilisationPercent(100, undefined)).toBeNull();
    expect(utilisationPercent(100, 0)).toBeNull();
  });
});
