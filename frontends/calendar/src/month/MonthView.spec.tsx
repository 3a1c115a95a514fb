/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { staffById } from '../calendar/appointment-model';
import { monthGridDays } from '../calendar/calendar-views';
import { calendarTranslator } from '../i18n/translator';
import { appointmentOf } from '../test-support/appointments';
import { MonthView } from './MonthView';
import { YearView } from './YearView';

const t = calendarTranslator('en');
const wrap = (node: React.ReactNode) => render(<ChakraProvider value={pawlineSystem}>{node}</ChakraProvider>);

describe('month and year views', () => {
  it('issue 26 a month day lists its first appointments in time order, the morning first, with a "more" link past three', () => {
    const onDay = jest.fn();
    const day = '2026-11-18';
    const items = [8, 15, 11, 9].map((hour) => appointmentOf({ date: day, hour, app_name: `at ${hour}` }));
    wrap(
      <MonthView
        days={monthGridDays(day)}
        month={11}
        weekdayNames={['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']}
        appointments={items}
        staff={staffById([])}
        labelOf={(a) => a.app_name ?? ''}
        t={t}
        today="2026-11-22"
        onOpen={jest.fn()}
        onDay={onDay}
      />,
    );
    const cell = screen.getAllByTestId('month-day').find((c) => c.getAttribute('data-day') === day) as HTMLElement;
    expect(
      within(cell)
        .getAllByTestId('appointment-card')
        .map((c) => c.textContent),
    ).toEqual(['08:00 at 8', '09:00 at 9', '11:00 at 11']);
    fireEvent.click(within(cell).getByTestId('month-more'));
    expect(within(cell).getByTestId('month-more').textContent).toBe('+1 more');
    expect(onDay).toHaveBeenCalledWith(day);
  });

  it('R1.04 the year view shows twelve months and marks days with appointments', () => {
    const onDay = jest.fn();
    wrap(
      <YearView
        year={2026}
        monthNames={['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']}
        weekdayInitials={['M', 'T', 'W', 'T', 'F', 'S', 'S']}
        appointments={[appointmentOf({ date: '2026-03-04' }), appointmentOf({ date: '2026-03-04' })]}
        today="2026-11-22"
        countLabel={(count) => t('calendar.dayAppointments', { count })}
        onDay={onDay}
      />,
    );
    const days = screen.getAllByTestId('year-day');
    expect(days).toHaveLength(365);
    const marked = days.filter((d) => d.getAttribute('data-count') !== '0');
    expect(marked.map((d) => [d.getAttribute('data-day'), d.getAttribute('data-count')])).toEqual([['2026-03-04', '2']]);
    // a busy day says what its number is
    expect(marked[0]?.getAttribute('title')).toBe('2 appointments');
    expect(marked[0]?.getAttribute('aria-label')).toBe('4, 2 appointments');
    fireEvent.click(marked[0]);
    expect(onDay).toHaveBeenCalledWith('2026-03-04');
  });
});
