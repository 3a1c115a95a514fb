import fc from 'fast-check';
import { CALENDAR_VIEWS } from '@pawline/domain';
import { addDays, weekdayOf } from './calendar-dates';
import {
  CALENDAR_VIEW_STORAGE_KEY,
  MENU_VIEWS,
  monthGridDays,
  initialView,
  readStoredView,
  rememberView,
  shiftAnchor,
  visibleDays,
  visibleRange,
} from './calendar-views';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('calendar views', () => {
  it('R1.04 offers Day, Day by user, Week, Mon-Fri, 4 days, Month and Year', () => {
    expect(MENU_VIEWS).toEqual(['day', 'day_by_user', 'week', 'mon_fri', 'four_days', 'month', 'year']);
  });

  it('R1.04 each view shows its days around the anchor (Sunday 22 November 2026)', () => {
    const anchor = '2026-11-22';
    expect(visibleDays('day', anchor)).toEqual([anchor]);
    expect(visibleDays('day_by_user', anchor)).toEqual([anchor]);
    expect(visibleDays('week', anchor)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(visibleDays('mon_fri', anchor)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(visibleDays('four_days', anchor)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    const month = visibleDays('month', anchor);
    expect(month[0]).toBe('2026-10-26');
    expect(month[month.length - 1]).toBe('2026-12-06');
    expect(month).toHaveLength(42);
    expect(visibleDays('year', anchor)).toHaveLength(365);
    expect(visibleDays('year', '2028-02-29')).toHaveLength(366);
  });

  it('R7.05 only the visible range is fetched: its first and last day as six date parts', () => {
    expect(visibleRange('week', '2026-11-22')).toEqual({ y: 2026, m: 11, d: 16, y2: 2026, m2: 11, d2: 22 });
    expect(visibleRange('day', '2026-12-31')).toEqual({ y: 2026, m: 12, d: 31, y2: 2026, m2: 12, d2: 31 });
    expect(visibleRange('year', '2026-06-01')).toEqual({ y: 2026, m: 1, d: 1, y2: 2026, m2: 12, d2: 31 });
    expect(visibleRange('four_days', '2026-12-30')).toEqual({ y: 2026, m: 12, d: 30, y2: 2027, m2: 1, d2: 2 });
  });

  it('R2.10 the default view is Week and the last chosen view is remembered', () => {
    expect(readStoredView(memoryStorage())).toBe('week');
    expect(readStoredView(null)).toBe('week');
    expect(readStoredView(memoryStorage({ [CALENDAR_VIEW_STORAGE_KEY]: 'resourceTimeline' }))).toBe('week');
    const storage = memoryStorage();
    rememberView(storage, 'four_days');
    expect(storage.values.get(CALENDAR_VIEW_STORAGE_KEY)).toBe('four_days');
    expect(readStoredView(storage)).toBe('four_days');
  });

  it('R2.10 on a narrow screen the calendar opens in Day view unless this device remembered a view', () => {
    expect(initialView(memoryStorage(), true)).toBe('day');
    expect(initialView(null, true)).toBe('day');
    expect(initialView(memoryStorage({ [CALENDAR_VIEW_STORAGE_KEY]: 'nonsense' }), true)).toBe('day');
    expect(initialView(memoryStorage({ [CALENDAR_VIEW_STORAGE_KEY]: 'week' }), true)).toBe('week');
    expect(initialView(memoryStorage({ [CALENDAR_VIEW_STORAGE_KEY]: 'four_days' }), true)).toBe('four_days');
    expect(initialView(memoryStorage(), false)).toBe('week');
    expect(
      initialView(
        {
          getItem: () => {
            throw new Error('denied');
          },
          setItem: () => undefined,
        },
        true,
      ),
    ).toBe('day');
  });

  it('R2.10 a storage that throws does not break the calendar', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredView(broken)).toBe('week');
    expect(() => rememberView(broken, 'month')).not.toThrow();
  });

  it('R1.04 paging moves by the length of the view', () => {
    expect(shiftAnchor('day', '2026-11-22', 1)).toBe('2026-11-23');
    expect(shiftAnchor('week', '2026-11-22', -1)).toBe('2026-11-15');
    expect(shiftAnchor('mon_fri', '2026-11-22', 1)).toBe('2026-11-29');
    expect(shiftAnchor('four_days', '2026-11-22', 1)).toBe('2026-11-26');
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftAnchor('year', '2028-02-29', 1)).toBe('2029-02-28');
  });

  it('R1.04 property: week views start on Monday, month grids are whole weeks covering the month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 200 }), fc.constantFrom(...CALENDAR_VIEWS), (offset, view) => {
        const anchor = addDays('1970-01-01', offset);
        const days = visibleDays(view, anchor);
        for (let i = 1; i < days.length; i += 1) expect(days[i]).toBe(addDays(days[i - 1], 1));
        if (view === 'week' || view === 'mon_fri') expect(weekdayOf(days[0])).toBe(0);
        if (view === 'mon_fri') expect(days.includes(anchor)).toBe(weekdayOf(anchor) < 5);
        else expect(days).toContain(anchor);
        const grid = monthGridDays(anchor);
        expect(grid.length % 7).toBe(0);
        expect(grid).toContain(anchor.slice(0, 8) + '01');
      }),
    );
  });
});
