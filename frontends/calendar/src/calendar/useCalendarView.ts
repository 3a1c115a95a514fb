import type { OrganizationUser } from '@pawline/api-client';
import type { CalendarView } from '@pawline/domain';
import { isNarrowScreen } from '@pawline/ui';
import { useMemo, useState } from 'react';
import type { GridColumn } from '../grid/TimeGrid';
import type { CalendarContext } from '../shared/calendar-context';
import { staffName } from './appointment-model';
import { dayParts, todayIn, type IsoDay } from './calendar-dates';
import { initialView, rememberView, shiftAnchor, visibleDays, visibleRange } from './calendar-views';

/**
 * Which days the calendar shows: the remembered view (R2.10), the anchor day it steps from, the range it
 * reads (R7.05), its title and, for the time grid, its columns (a day each, or a staff member each).
 */
export function useCalendarView(
  ctx: CalendarContext,
  timeZone: string | undefined,
  staff: readonly OrganizationUser[],
  initialDay?: IsoDay,
) {
  const { t, storage, bridge } = ctx;
  const language = bridge.language;
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const [view, setView] = useState<CalendarView>(() => initialView(storage, isNarrowScreen()));
  const [anchor, setAnchor] = useState<IsoDay>(initialDay ?? today);
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const parts = useMemo(() => visibleRange(view, anchor), [view, anchor]);
  const first = days[0] ?? anchor;
  const last = days[days.length - 1] ?? anchor;

  const title = useMemo(() => {
    const date = new Date(`${anchor}T12:00:00Z`);
    if (view === 'year') return String(dayParts(anchor).year);
    if (view === 'day' || view === 'day_by_user')
      return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(date);
    return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  }, [anchor, view, language]);

  const columns = useMemo<GridColumn[]>(() => {
    if (view === 'day_by_user') {
      const people: GridColumn[] = staff.map((u) => ({ key: u.user_id, day: anchor, userId: u.user_id, label: staffName(u) }));
      return [...people, { key: 'unassigned', day: anchor, userId: null, label: t('calendar.unassigned') }];
    }
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
    return days.map((day) => ({ key: day, day, label: format.format(new Date(`${day}T12:00:00Z`)) }));
  }, [view, staff, anchor, days, language, t]);

  return {
    view,
    anchor,
    today,
    days,
    parts,
    first,
    last,
    title,
    columns,
    choose: (next: CalendarView) => {
      rememberView(storage, next);
      setView(next);
    },
    openDay: (day: IsoDay) => {
      setAnchor(day);
      rememberView(storage, 'day');
      setView('day');
    },
    step: (step: -1 | 1) => setAnchor(shiftAnchor(view, anchor, step)),
    goToday: () => setAnchor(today),
  };
}

export type CalendarViewState = ReturnType<typeof useCalendarView>;
