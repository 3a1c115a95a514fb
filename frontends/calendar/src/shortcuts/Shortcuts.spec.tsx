/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeSchedulingGateway, mountCalendar, ORGA, STORE } from '../test-support/calendar-harness';

// Issue 29, the calendar by keyboard: today, previous, next, the views and a new appointment, listed on '?';
// never while typing in a field.

const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });
const shownFrom = () => screen.getByTestId('calendar-page').getAttribute('data-first-day');
const view = () => screen.getByTestId('calendar-page').getAttribute('data-view');

describe('calendar keyboard shortcuts (issue 29)', () => {
  it('issue 29 steps, views, today and a new appointment by key; "?" lists them', async () => {
    mountCalendar({ gateway: new FakeSchedulingGateway(), path: `/${ORGA}/store/${STORE}?day=2026-11-18` });
    await screen.findByTestId('time-grid');
    expect([view(), shownFrom()]).toEqual(['week', '2026-11-16']);
    key('ArrowRight');
    await waitFor(() => expect(shownFrom()).toBe('2026-11-23'));
    key('p');
    key('p');
    await waitFor(() => expect(shownFrom()).toBe('2026-11-09'));
    key('d');
    await waitFor(() => expect(view()).toBe('day'));
    key('m');
    await waitFor(() => expect(view()).toBe('month'));
    key('w');
    await waitFor(() => expect(view()).toBe('week'));
    key('t');
    // today of the harness's clock: the week is no longer the one stepped to
    await waitFor(() => expect(shownFrom()).not.toBe('2026-11-09'));

    key('?');
    const help = await screen.findByTestId('shortcuts-dialog');
    const rows = within(help)
      .getAllByTestId('shortcut-row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'TGo to today',
      '← or PPrevious period',
      '→ or NNext period',
      'DDay view',
      'WWeek view',
      'MMonth view',
      'CNew appointment',
      '?Show these shortcuts',
    ]);
    // inside the help, the calendar's keys rest
    const before = shownFrom();
    key('n', help);
    expect(shownFrom()).toBe(before);
    fireEvent.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('shortcuts-dialog')).toBeNull());

    key('c');
    expect(await screen.findByTestId('appointment-dialog')).toBeTruthy();
  });

  it('issue 29 a key typed in a field of the appointment dialog types, and moves nothing', async () => {
    mountCalendar({ gateway: new FakeSchedulingGateway(), path: `/${ORGA}/store/${STORE}?day=2026-11-18` });
    await screen.findByTestId('time-grid');
    fireEvent.click(screen.getByTestId('calendar-new'));
    const dialog = await screen.findByTestId('appointment-dialog');
    const search = within(dialog).getByTestId('customer-search');
    for (const k of ['t', 'm', 'n', 'c', '?']) key(k, search);
    expect([view(), shownFrom()]).toEqual(['week', '2026-11-16']);
    expect(screen.getAllByTestId('appointment-dialog')).toHaveLength(1);
    expect(screen.queryByTestId('shortcuts-dialog')).toBeNull();
  });
});
