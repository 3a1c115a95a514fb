// Browser side of render.ts: the calendar's week grid with generated appointments, timed from the
// start of a React render to the end of layout, and to the next painted frame.
import { ChakraProvider } from '@chakra-ui/react';
import { organizationUserOf, type OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { pawlineSystem } from '@pawline/ui';
import { createElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { staffById } from '../../../frontends/calendar/src/calendar/appointment-model';
import { addDays } from '../../../frontends/calendar/src/calendar/calendar-dates';
import { visibleDays } from '../../../frontends/calendar/src/calendar/calendar-views';
import { TimeGrid, type GridColumn } from '../../../frontends/calendar/src/grid/TimeGrid';
import { calendarTranslator } from '../../../frontends/calendar/src/i18n/translator';

export type RenderFigure = { appointments: number; cards: number; renderMs: number; frameMs: number };

const STAFF: OrganizationUser[] = [
  organizationUserOf({ id: 's1', first_name: 'Anna', last_name: 'Rossi', color_scheme: '#0d47a1:#1565c0' }),
  organizationUserOf({ id: 's2', first_name: 'Bea', last_name: 'Neri', color_scheme: '#1b5e20:#2e7d32' }),
  organizationUserOf({ id: 's3', first_name: 'Carla', last_name: 'Verdi', color_scheme: '#7a3d00:#b35900' }),
  organizationUserOf({ id: 's4', first_name: 'Dario', last_name: 'Blu', color_scheme: '#4a148c:#6a1b9a' }),
];

/** `count` appointments spread over the week 8:00–20:00 in 15-minute steps; a deterministic mix of overlaps and states. */
function weekOf(count: number, monday: string): Appointment[] {
  const items: Appointment[] = [];
  for (let i = 0; i < count; i += 1) {
    const date = addDays(monday, i % 7);
    const slot = (i * 7) % 48;
    const hour = 8 + Math.floor(slot / 4);
    const min = (slot % 4) * 15;
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    items.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      orga_id: 'o',
      store_id: 's',
      user_id: STAFF[i % STAFF.length]?.id ?? null,
      date,
      year,
      month,
      day,
      hour,
      min,
      sec: 0,
      time_zone: 'Europe/Rome',
      starts_at: '',
      ends_at: '',
      duration: 30 + (i % 4) * 15,
      color: null,
      timed: true,
      full_day: false,
      app_name: `Pet ${i} (Customer ${i % 97})`,
      notes: null,
      status: i % 23 === 0 ? 2 : 0,
      discount: 0,
      price: 3000,
      final_price: null,
      total: null,
      checked_out: i % 11 === 0,
      cashed_in: i % 11 === 0,
      recurring_data: null,
      recurring_end: null,
      recurring_group_id: null,
      recurring_group_main: false,
      reminder_status: null,
      updated_at: '',
    });
  }
  return items;
}

declare global {
  interface Window {
    renderWeek: (count: number) => Promise<RenderFigure>;
  }
}

let root: Root | null = null;

// The shell's ChakraProvider is on screen before the calendar renders: mount it once, empty,
// then time each week render into it (a fresh grid each run: the previous one is removed first).
function provider(child: ReactNode) {
  return createElement(ChakraProvider, { value: pawlineSystem, children: child });
}

window.renderWeek = async (count: number) => {
  const container = document.getElementById('root') as HTMLElement;
  if (!root) {
    root = createRoot(container);
    flushSync(() => root?.render(provider(null)));
  } else flushSync(() => root?.render(provider(null)));
  const days = visibleDays('week', '2026-11-18');
  const columns: GridColumn[] = days.map((day) => ({ key: day, day, label: day }));
  const appointments = weekOf(count, days[0]);
  const staff = staffById(STAFF);
  const t = calendarTranslator('en');
  const noop = () => undefined;
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const started = performance.now();
  flushSync(() => {
    root?.render(
      provider(
        createElement(TimeGrid, {
          columns,
          appointments,
          staff,
          labelOf: (a: Appointment) => a.app_name ?? '',
          t,
          onCreate: noop,
          onOpen: noop,
          onMove: noop,
          onResize: noop,
        }),
      ),
    );
  });
  // reading a layout property makes the browser lay out everything just committed
  void container.getBoundingClientRect().height;
  const renderMs = performance.now() - started;
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const frameMs = performance.now() - started;
  return { appointments: count, cards: container.querySelectorAll('[data-testid="appointment-card"]').length, renderMs, frameMs };
};
