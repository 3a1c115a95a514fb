/** @jest-environment jsdom */
import { organizationUserOf, type OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { staffById } from '../calendar/appointment-model';
import { calendarTranslator } from '../i18n/translator';
import { appointmentOf } from '../test-support/appointments';
import { LONG_PRESS_MS } from './long-press';
import { TimeGrid, type GridColumn } from './TimeGrid';

const t = calendarTranslator('en');
const STAFF: OrganizationUser[] = [
  organizationUserOf({ id: 'm1', user_id: 's1', first_name: 'Anna', last_name: 'Rossi', color_scheme: '#0d47a1:#1565c0' }),
  organizationUserOf({ id: 'm2', user_id: 's2', first_name: 'Bea', last_name: 'Neri', color_scheme: '#1b5e20:#2e7d32' }),
];
const DAYS: GridColumn[] = ['2026-11-17', '2026-11-18'].map((day) => ({ key: day, day, label: day }));

function grid(
  columns: readonly GridColumn[],
  appointments: readonly Appointment[],
  props: { staff?: ReadonlyMap<string, OrganizationUser>; onOpen?: (a: Appointment) => void } = {},
) {
  const onOpen = props.onOpen ?? jest.fn();
  const view = (open: (a: Appointment) => void) => (
    <TimeGrid
      columns={columns}
      appointments={appointments}
      staff={props.staff ?? staffById(STAFF)}
      labelOf={(a) => a.app_name ?? ''}
      t={t}
      onCreate={jest.fn()}
      onOpen={open}
      onMove={jest.fn()}
      onResize={jest.fn()}
    />
  );
  const result = render(view(onOpen));
  return { ...result, rerenderWith: (open: (a: Appointment) => void) => result.rerender(view(open)) };
}

function cardsIn(column: HTMLElement): string[] {
  return Array.from(column.querySelectorAll('[data-testid="appointment-card"]')).map((c) => c.textContent ?? '');
}

describe('time grid', () => {
  it('puts each appointment in its day column, overlapping ones side by side', () => {
    grid(DAYS, [
      appointmentOf({ date: '2026-11-17', hour: 9, app_name: 'Fido' }),
      appointmentOf({ date: '2026-11-18', hour: 9, app_name: 'Rex' }),
      appointmentOf({ date: '2026-11-18', hour: 9, min: 30, app_name: 'Luna' }),
      appointmentOf({ date: '2026-11-19', hour: 9, app_name: 'not shown' }),
    ]);
    const [tuesday, wednesday] = screen.getAllByTestId('grid-column');
    expect(cardsIn(tuesday)).toEqual(['09:00–10:00 Fido Unassigned']);
    expect(cardsIn(wednesday)).toEqual(['09:00–10:00 Rex Unassigned', '09:30–10:30 Luna Unassigned']);
    const [rex, luna] = Array.from(wednesday.querySelectorAll<HTMLElement>('[data-testid="appointment-card"]'));
    expect([rex?.style.left, rex?.style.right, luna?.style.left, luna?.style.right]).toEqual(['0%', '50%', '50%', '0%']);
    // the first hour is 7:00 at 48 px an hour; a card is 1 px shorter than its time
    expect([rex?.style.top, rex?.style.height]).toEqual(['96px', '47px']);
  });

  it('Day by user: a column per staff member and one for the unassigned', () => {
    const day = '2026-11-18';
    const columns: GridColumn[] = [
      { key: 's1', day, userId: 's1', label: 'Anna Rossi' },
      { key: 's2', day, userId: 's2', label: 'Bea Neri' },
      { key: 'none', day, userId: null, label: 'Unassigned' },
    ];
    grid(columns, [
      appointmentOf({ date: day, user_id: 's2', app_name: 'Rex' }),
      appointmentOf({ date: day, user_id: null, app_name: 'Luna' }),
      appointmentOf({ date: day, user_id: 's1', hour: 11, app_name: 'Fido' }),
      appointmentOf({ date: '2026-11-19', user_id: 's1', app_name: 'other day' }),
    ]);
    expect(screen.getAllByTestId('grid-column').map((c) => cardsIn(c))).toEqual([
      ['11:00–12:00 Fido'],
      ['09:00–10:00 Rex'],
      ['09:00–10:00 Luna Unassigned'],
    ]);
  });

  it('while a card is dragged only that card draws again, not every card of the week', () => {
    const staff = staffById(STAFF);
    const looks = jest.spyOn(staff, 'get');
    // half-hour appointments on the hour, none overlapping (even while the first moves by 30 minutes)
    const items = Array.from({ length: 20 }, (_, i) =>
      appointmentOf({
        date: i % 2 === 0 ? '2026-11-17' : '2026-11-18',
        hour: 7 + Math.floor(i / 2),
        duration: 30,
        user_id: 's1',
        app_name: `pet ${i}`,
      }),
    );
    grid(DAYS, items, { staff });
    // each card looks its staff member's colours up as it draws
    expect(looks).toHaveBeenCalledTimes(20);
    looks.mockClear();
    const dragged = screen.getAllByTestId('appointment-card')[0];
    fireEvent.pointerDown(dragged, { clientX: 10, clientY: 100, button: 0 });
    expect(dragged.className).toContain('pl-dragging');
    expect(looks).toHaveBeenCalledTimes(1);
    fireEvent.pointerMove(screen.getByTestId('grid-body'), { clientX: 10, clientY: 124 });
    expect(dragged.getAttribute('aria-label')).toBe('07:30–08:00 pet 0');
    expect(looks).toHaveBeenCalledTimes(2);
  });

  it('a new onOpen from the page does not draw the cards again, and Enter calls the latest one', () => {
    const staff = staffById(STAFF);
    const looks = jest.spyOn(staff, 'get');
    const first = jest.fn();
    const { rerenderWith } = grid(DAYS, [appointmentOf({ date: '2026-11-18', user_id: 's1', app_name: 'Rex' })], { staff, onOpen: first });
    looks.mockClear();
    const latest = jest.fn();
    rerenderWith(latest);
    expect(looks).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('appointment-card'), { key: 'Enter' });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(expect.objectContaining({ app_name: 'Rex' }));
  });

  describe('by touch (issue 16)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    function touchGrid(appointments: readonly Appointment[]) {
      const handlers = { onCreate: jest.fn(), onOpen: jest.fn(), onMove: jest.fn(), onResize: jest.fn() };
      render(
        <TimeGrid
          columns={DAYS}
          appointments={appointments}
          staff={staffById(STAFF)}
          labelOf={(a) => a.app_name ?? ''}
          t={t}
          {...handlers}
        />,
      );
      return handlers;
    }
    // jsdom's pointer events carry no pointerType: a finger's is set on the event
    const finger = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', element: HTMLElement, x: number, y: number) => {
      const event = createEvent[type](element, { clientX: x, clientY: y, button: 0 });
      Object.defineProperties(event, { pointerType: { value: 'touch' }, pointerId: { value: 7 } });
      fireEvent(element, event);
    };

    it('a swipe books nothing; a long press and a drag books the slot', () => {
      const { onCreate } = touchGrid([]);
      const body = screen.getByTestId('grid-body');
      finger('pointerDown', body, 10, 144); // 10:00 at 48 px an hour from 7:00
      finger('pointerMove', body, 10, 100);
      jest.advanceTimersByTime(LONG_PRESS_MS);
      finger('pointerUp', body, 10, 60);
      expect(onCreate).not.toHaveBeenCalled();
      expect(screen.queryByTestId('grid-selection')).toBeNull();

      finger('pointerDown', body, 10, 145);
      expect(screen.queryByTestId('grid-selection')).toBeNull();
      jest.advanceTimersByTime(LONG_PRESS_MS);
      finger('pointerMove', body, 10, 190);
      expect(screen.getByTestId('grid-selection').textContent).toBe('10:00–11:00');
      finger('pointerUp', body, 10, 190);
      expect(onCreate).toHaveBeenCalledWith({ date: '2026-11-17', start: 600, duration: 60 });
    });

    it('a tap opens a card; a long press and a drag moves it', () => {
      const { onOpen, onMove } = touchGrid([appointmentOf({ date: '2026-11-17', hour: 9, app_name: 'Fido' })]);
      const card = screen.getByTestId('appointment-card');
      const body = screen.getByTestId('grid-body');
      finger('pointerDown', card, 10, 100);
      finger('pointerUp', body, 10, 100);
      expect(onOpen).toHaveBeenCalledTimes(1);
      expect(onMove).not.toHaveBeenCalled();

      finger('pointerDown', card, 10, 100);
      jest.advanceTimersByTime(LONG_PRESS_MS);
      finger('pointerMove', body, 10, 148);
      finger('pointerUp', body, 10, 148);
      expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ app_name: 'Fido' }), { date: '2026-11-17', start: 600 });
      expect(onOpen).toHaveBeenCalledTimes(1);
    });
  });
});
