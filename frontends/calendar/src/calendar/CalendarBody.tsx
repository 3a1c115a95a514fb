import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { TimeGrid } from '../grid/TimeGrid';
import type { Translate } from '../i18n/translator';
import { MonthView } from '../month/MonthView';
import { YearView } from '../month/YearView';
import { addDays, dayParts } from './calendar-dates';
import type { CalendarActions } from './useCalendarActions';
import type { CalendarViewState } from './useCalendarView';

const MONDAY = '2024-01-01';

function names(language: string, options: Intl.DateTimeFormatOptions, count: number, step: (i: number) => string): string[] {
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return Array.from({ length: count }, (_, i) => format.format(new Date(`${step(i)}T12:00:00Z`)));
}

type Props = {
  shown: CalendarViewState;
  language: string;
  appointments: readonly Appointment[];
  staff: ReadonlyMap<string, OrganizationUser>;
  labelOf: (a: Appointment) => string;
  colourOf: (a: Appointment) => string | null;
  /** issue 31 the vaccination flag of an appointment's pets */
  careOf?: (a: Appointment) => 'missing' | 'expired' | null;
  t: Translate;
  actions: CalendarActions;
};

/** The range in its view: a month, a year, or the time grid of days or staff members. */
export function CalendarBody({ shown, language, appointments, staff, labelOf, colourOf, careOf, t, actions }: Props) {
  const { view, anchor, days, today } = shown;
  if (view === 'month')
    return (
      <MonthView
        days={days}
        month={dayParts(anchor).month}
        weekdayNames={names(language, { weekday: 'short' }, 7, (i) => addDays(MONDAY, i))}
        appointments={appointments}
        staff={staff}
        colourOf={colourOf}
        labelOf={labelOf}
        careOf={careOf}
        t={t}
        today={today}
        onOpen={actions.openEdit}
        onMenu={actions.openMenu}
        onDay={shown.openDay}
      />
    );
  if (view === 'year')
    return (
      <YearView
        year={dayParts(anchor).year}
        monthNames={names(language, { month: 'long' }, 12, (i) => `2024-${String(i + 1).padStart(2, '0')}-01`)}
        weekdayInitials={names(language, { weekday: 'narrow' }, 7, (i) => addDays(MONDAY, i))}
        appointments={appointments}
        today={today}
        countLabel={(count) => t('calendar.dayAppointments', { count })}
        onDay={shown.openDay}
      />
    );
  return (
    <TimeGrid
      columns={shown.columns}
      appointments={appointments}
      staff={staff}
      colourOf={colourOf}
      labelOf={labelOf}
      careOf={careOf}
      t={t}
      onCreate={actions.openNew}
      onOpen={actions.openEdit}
      onMenu={actions.openMenu}
      onMove={actions.move}
      onResize={actions.resize}
    />
  );
}
