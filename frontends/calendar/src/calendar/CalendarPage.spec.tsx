/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  organizationOf,
  organizationUserOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type Organization,
  type PersonUser,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import type { AppointmentList } from '@pawline/contracts';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SchedulingApi } from '../api/scheduling-api';
import { calendarTranslator } from '../i18n/translator';
import type { CalendarContext } from '../shared/calendar-context';
import { appointmentOf } from '../test-support/appointments';
import { CalendarPage } from './CalendarPage';
import { CALENDAR_VIEW_STORAGE_KEY } from './calendar-views';

const ORGA = '10000000-0000-4000-8000-000000000001';
const STORE = '20000000-0000-4000-8000-000000000001';
const person: PersonUser = personUserOf({
  id: 'u1',
  email: 'ada@example.com',
  orga_id: ORGA,
  rating_enable: false,
  created_at: '2026-11-01T00:00:00Z',
});
const orga: Organization = organizationOf({
  id: ORGA,
  stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main', time_zone: 'Europe/Rome' })],
  users: [
    organizationUserOf({ id: 'staff-anna', first_name: 'Anna', last_name: 'Rossi', color_scheme: '#1b5e20:#2e7d32' }),
    organizationUserOf({ id: 'staff-bea', first_name: 'Bea', last_name: 'Neri' }),
  ],
});

const list = (items: AppointmentList['items']): AppointmentList => ({ items, treatments: [], pets: [] });

function setup(api: Partial<SchedulingApi>, stored: Record<string, string> = {}, organization: Organization = orga) {
  const values = new Map(Object.entries(stored));
  let listener: ((message: RealtimeMessage) => void) | null = null;
  const notify = jest.fn();
  const bridge: ShellBridge = {
    api: {} as ApiClient,
    user: person,
    language: 'en',
    notify,
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    orga: organization,
  };
  const full: Partial<SchedulingApi> = {
    treatments: jest.fn().mockResolvedValue([]),
    getPet: jest.fn().mockRejectedValue(new Error('no')),
    ...api,
  };
  const ctx: CalendarContext = {
    bridge,
    api: full as SchedulingApi,
    t: calendarTranslator('en'),
    storage: { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) },
    subscribe: (onMessage) => {
      listener = onMessage;
      return () => {
        listener = null;
      };
    },
  };
  const view = () =>
    render(
      <ChakraProvider value={pawlineSystem}>
        <MemoryRouter>
          <CalendarPage ctx={ctx} orgaId={ORGA} storeId={STORE} initialDay="2026-11-18" />
        </MemoryRouter>
      </ChakraProvider>,
    );
  return {
    ctx,
    notify,
    values,
    view,
    emit: (m: Partial<RealtimeMessage>) =>
      act(() =>
        listener?.({ scope: 'appointment', channel: ORGA, store_id: STORE, data: null, event: 'created', user: null, device: null, ...m }),
      ),
  };
}

// The grid body is 700 px wide from x=0 and starts at y=0; the first hour is 7:00 at 48 px an hour.
function layoutGrid() {
  const body = screen.getByTestId('grid-body');
  body.getBoundingClientRect = () => ({
    top: 0,
    left: 0,
    width: 700,
    height: 800,
    right: 700,
    bottom: 800,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return body;
}

describe('calendar page', () => {
  it('R2.10 R9.08 R7.05 opens in Week and fetches only the visible week', async () => {
    const range = jest
      .fn()
      .mockResolvedValue(list([appointmentOf({ id: 'a1', app_name: 'Fido bath', date: '2026-11-18', user_id: 'staff-anna' })]));
    setup({ range }).view();
    expect(await screen.findByText(/Fido bath/)).toBeTruthy();
    expect(range).toHaveBeenCalledWith(ORGA, STORE, { y: 2026, m: 11, d: 16, y2: 2026, m2: 11, d2: 22 });
    expect(screen.getAllByTestId('grid-column-head')).toHaveLength(7);
    expect(screen.getByTestId('calendar-page').getAttribute('data-view')).toBe('week');
  });

  it("the cards show the organization's chosen fields in order; an unparseable choice gives the default card (R8.08)", async () => {
    const bath = appointmentOf({
      id: 'a1',
      app_name: 'Fido bath',
      notes: 'Nervous dog',
      price: 4500,
      date: '2026-11-18',
      user_id: 'staff-anna',
    });
    const range = jest.fn().mockResolvedValue({
      items: [bath],
      treatments: [
        { appointment_id: 'a1', treatment_id: '66666666-6666-4666-8666-666666666661', name: 'Bath' },
        { appointment_id: 'a1', treatment_id: '66666666-6666-4666-8666-666666666662', name: 'Nail trim' },
      ],
      pets: [],
    });
    const chosen = setup({ range }, {}, { ...orga, appointment_card_custom: '["treatments","price","notes"]' }).view();
    const card = await screen.findByTestId('appointment-card');
    expect(card.firstChild?.textContent).toMatch(/Bath, Nail trim$/);
    expect(screen.getAllByTestId('card-line').map((line) => line.textContent)).toEqual(['45,00', 'Nervous dog']);
    chosen.unmount();

    setup({ range }, {}, { ...orga, appointment_card_custom: '{"fields":"treatments"}' }).view();
    const fallback = await screen.findByTestId('appointment-card');
    expect(fallback.firstChild?.textContent).toMatch(/Fido bath$/);
    expect(screen.queryAllByTestId('card-line')).toHaveLength(0);
  });

  it('R3.07 R9.09 a declined appointment is shown clearly, a done one distinctly', async () => {
    const range = jest
      .fn()
      .mockResolvedValue(
        list([
          appointmentOf({ id: 'd1', app_name: 'Luna', status: 2 }),
          appointmentOf({ id: 'd2', app_name: 'Rex', hour: 12, checked_out: true, cashed_in: true }),
        ]),
      );
    setup({ range }).view();
    await screen.findByText(/Luna/);
    const cards = screen.getAllByTestId('appointment-card');
    const declined = cards.find((c) => c.getAttribute('data-appointment-id') === 'd1');
    expect(declined?.getAttribute('data-state')).toBe('declined');
    expect(within(declined as HTMLElement).getByTestId('declined-badge').textContent).toBe('Declined');
    expect(cards.find((c) => c.getAttribute('data-appointment-id') === 'd2')?.getAttribute('data-state')).toBe('done');
  });

  it('R2.10 R1.04 switching the view remembers it and fetches its range', async () => {
    const range = jest.fn().mockResolvedValue(list([]));
    const { values, view } = setup({ range });
    view();
    await screen.findByTestId('empty-state');
    const month = screen.getByTestId('view-menu').querySelector('[data-view="month"]') as HTMLElement;
    expect(month.textContent).toBe('Month');
    fireEvent.click(month);
    await waitFor(() => expect(range).toHaveBeenLastCalledWith(ORGA, STORE, { y: 2026, m: 10, d: 26, y2: 2026, m2: 12, d2: 6 }));
    expect(values.get(CALENDAR_VIEW_STORAGE_KEY)).toBe('month');
    expect(await screen.findByTestId('month-view')).toBeTruthy();
  });

  it('R2.10 the small-screen menu is a collapsible group', async () => {
    setup({ range: jest.fn().mockResolvedValue(list([])) }).view();
    await screen.findByTestId('empty-state');
    const compact = screen.getByTestId('view-menu-compact');
    expect(within(compact).queryByTestId('view-menu-group')).toBeNull();
    fireEvent.click(within(compact).getByTestId('view-menu-toggle'));
    fireEvent.click(within(within(compact).getByTestId('view-menu-group')).getByText('4 days'));
    expect(screen.getByTestId('calendar-page').getAttribute('data-view')).toBe('four_days');
    expect(within(compact).queryByTestId('view-menu-group')).toBeNull();
  });

  it('R1.04 Day by user has a column per staff member and one for unassigned appointments', async () => {
    setup({ range: jest.fn().mockResolvedValue(list([])) }, { [CALENDAR_VIEW_STORAGE_KEY]: 'day_by_user' }).view();
    await screen.findByTestId('empty-state');
    expect(screen.getAllByTestId('grid-column-head').map((h) => h.textContent)).toEqual(['Anna Rossi', 'Bea Neri', 'Unassigned']);
  });

  it('shows an error with a retry that loads again', async () => {
    const range = jest
      .fn()
      .mockRejectedValueOnce(new Error('gateway down'))
      .mockResolvedValueOnce(list([appointmentOf({ app_name: 'Back again' })]));
    setup({ range }).view();
    expect(await screen.findByText('gateway down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Back again/)).toBeTruthy();
  });

  it('books by dragging on the grid: 9:00 to 10:30 on Wednesday opens the dialog with that slot', async () => {
    setup({ range: jest.fn().mockResolvedValue(list([])) }).view();
    await screen.findByTestId('empty-state');
    const body = layoutGrid();
    fireEvent.pointerDown(body, { clientX: 250, clientY: 96, button: 0 });
    fireEvent.pointerMove(body, { clientX: 250, clientY: 160 });
    expect(screen.getByTestId('grid-selection').textContent).toBe('09:00–10:30');
    fireEvent.pointerUp(body, { clientX: 250, clientY: 160 });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByDisplayValue<HTMLInputElement>('2026-11-18').type).toBe('date');
    expect(within(dialog).getByDisplayValue('09:00')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('90')).toBeTruthy();
  });

  it('drags a card one hour later and to Thursday, then resizes it by 15 minutes', async () => {
    const a = appointmentOf({ id: 'm1', app_name: 'Mover', date: '2026-11-18', hour: 9, min: 0, duration: 60 });
    const move = jest.fn().mockResolvedValue({ appointment: { ...a, date: '2026-11-19', hour: 10 }, affected_ids: ['m1'] });
    const resize = jest.fn().mockResolvedValue({ appointment: { ...a, date: '2026-11-19', hour: 10, duration: 75 }, affected_ids: ['m1'] });
    setup({ range: jest.fn().mockResolvedValue(list([a])), move, resize }).view();
    await screen.findByText(/Mover/);
    const body = layoutGrid();
    fireEvent.pointerDown(screen.getByTestId('appointment-card'), { clientX: 250, clientY: 100, button: 0 });
    fireEvent.pointerMove(body, { clientX: 350, clientY: 148 });
    fireEvent.pointerUp(body, { clientX: 350, clientY: 148 });
    await waitFor(() => expect(move).toHaveBeenCalledWith(ORGA, STORE, 'm1', { date: '2026-11-19', hour: 10, min: 0 }, 'one'));
    await waitFor(() =>
      expect(screen.getByTestId('appointment-card').closest('[data-testid="grid-column"]')?.getAttribute('data-day')).toBe('2026-11-19'),
    );

    fireEvent.pointerDown(screen.getByTestId('resize-handle'), { clientX: 350, clientY: 200, button: 0 });
    fireEvent.pointerMove(body, { clientX: 350, clientY: 212 });
    fireEvent.pointerUp(body, { clientX: 350, clientY: 212 });
    await waitFor(() => expect(resize).toHaveBeenCalledWith(ORGA, STORE, 'm1', 75, 'one'));
  });

  it('a recurring appointment asks this / this and following / all before moving', async () => {
    const a = appointmentOf({ id: 'r1', app_name: 'Weekly', recurring_group_id: '30000000-0000-4000-8000-000000000001' });
    const move = jest.fn().mockResolvedValue({ appointment: a, affected_ids: ['r1', 'r2'] });
    const range = jest.fn().mockResolvedValue(list([a]));
    setup({ range, move }).view();
    await screen.findByText(/Weekly/);
    const body = layoutGrid();
    fireEvent.pointerDown(screen.getByTestId('appointment-card'), { clientX: 250, clientY: 100, button: 0 });
    fireEvent.pointerMove(body, { clientX: 250, clientY: 124 });
    fireEvent.pointerUp(body, { clientX: 250, clientY: 124 });
    fireEvent.click(await screen.findByTestId('scope-following'));
    await waitFor(() => expect(move).toHaveBeenCalledWith(ORGA, STORE, 'r1', { date: '2026-11-18', hour: 9, min: 30 }, 'following'));
    // several appointments changed: the visible range is fetched again
    await waitFor(() => expect(range).toHaveBeenCalledTimes(2));
  });

  it('R4.17 live: a created appointment is fetched and shown, a deleted one disappears', async () => {
    const created = appointmentOf({ id: 'live-1', app_name: 'From the other tablet' });
    const get = jest.fn().mockResolvedValue(list([created]));
    const { emit, view } = setup({ range: jest.fn().mockResolvedValue(list([appointmentOf({ id: 'gone', app_name: 'Soon gone' })])), get });
    view();
    await screen.findByText(/Soon gone/);
    emit({ event: 'created', data: 'live-1' });
    expect(await screen.findByText(/From the other tablet/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(ORGA, STORE, 'live-1');
    emit({ event: 'deleted', data: 'gone' });
    await waitFor(() => expect(screen.queryByText(/Soon gone/)).toBeNull());
  });

  it("R4.18 a customer's decline raises 'Declined appointment' with date, time, customer and pet", async () => {
    const declined = appointmentOf({ id: 'c1', app_name: 'Fido', date: '2026-11-19', hour: 15, min: 30, status: 2 });
    const get = jest.fn().mockResolvedValue({ items: [declined], treatments: [], pets: [{ appointment_id: 'c1', pet_id: 'pet-1' }] });
    const getPet = jest.fn().mockResolvedValue({ pet: { id: 'pet-1', name: 'Fido', customer_id: 'cust-1' }, tags: [] });
    const getCustomer = jest
      .fn()
      .mockResolvedValue({ customer: { id: 'cust-1', first_name: 'Maria', last_name: 'Bianchi' }, tags: [], external_services: [] });
    const { emit, notify, view } = setup({
      range: jest.fn().mockResolvedValue(list([{ ...declined, status: 0 }])),
      get,
      getPet,
      getCustomer,
    });
    view();
    await screen.findAllByText(/Fido/);
    emit({ event: 'status_by_customer', data: 'c1' });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        1,
        'Declined appointment: Maria Bianchi declined the appointment of Fido on 19/11/2026 at 15:30.',
      ),
    );
    expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('declined');
  });

  it("R4.12 the card shows the reminder's status with its text, 'WhatsApp failed, SMS will be sent' for failed, and a Confirmed reply", async () => {
    const a = appointmentOf({ id: 'r1', app_name: 'Reminded', reminder_status: 5, status: 1 });
    setup({ range: jest.fn().mockResolvedValue(list([a])) }).view();
    await screen.findByText(/Reminded/);
    const card = screen.getByTestId('appointment-card');
    const mark = within(card).getByTestId('reminder-status');
    expect(mark.getAttribute('data-reminder-status')).toBe('failed');
    expect(mark.getAttribute('title')).toBe('WhatsApp failed, SMS will be sent');
    expect(within(card).getByTestId('confirmed-badge').textContent).toBe('Confirmed');
    expect(card.getAttribute('aria-label')).toContain('Confirmed by the customer');
  });

  it('R4.12 a reminder status change over realtime updates the card live', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const before = appointmentOf({ id: 'r2', app_name: 'Live status', reminder_status: 1 });
      const range = jest
        .fn()
        .mockResolvedValueOnce(list([before]))
        .mockResolvedValue(list([{ ...before, reminder_status: 3 }]));
      const get = jest.fn().mockResolvedValue(list([{ ...before, reminder_status: 2 }]));
      const { emit, view } = setup({ range, get });
      view();
      await screen.findByText(/Live status/);
      expect(screen.getByTestId('reminder-status').getAttribute('title')).toBe('Sent');
      // with the appointment's id: that appointment is read again
      emit({ scope: 'reminder', event: 'status-changed', data: 'r2' });
      await waitFor(() => expect(screen.getByTestId('reminder-status').getAttribute('title')).toBe('Delivered'));
      // without it: a burst is followed by one read of the range
      emit({ scope: 'reminder', event: 'status-changed', data: null });
      emit({ scope: 'reminder', event: 'status-changed', data: null });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1100);
      });
      await waitFor(() => expect(screen.getByTestId('reminder-status').getAttribute('title')).toBe('Read'));
      expect(range).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an overlap with the same staff member warns in the dialog but saving is allowed', async () => {
    const existing = appointmentOf({ id: 'e1', app_name: 'Existing', user_id: 'staff-anna', hour: 9, duration: 60 });
    setup({ range: jest.fn().mockResolvedValue(list([existing])) }).view();
    await screen.findByText(/Existing/);
    const body = layoutGrid();
    fireEvent.pointerDown(body, { clientX: 250, clientY: 120, button: 0 });
    fireEvent.pointerUp(body, { clientX: 250, clientY: 120 });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).queryByTestId('overlap-warning')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('staff-select'), { target: { value: 'staff-anna' } });
    expect(within(dialog).getByTestId('overlap-warning').textContent).toContain('Anna Rossi already has an appointment');
    expect(within(dialog).getByTestId<HTMLButtonElement>('appointment-save').disabled).toBe(false);
  });

  it('R4.11 R5.13 check-out asks the required pet information, saves it on the pet, then checks out', async () => {
    const a = appointmentOf({ id: 'co1', app_name: 'Checkout', price: 4000 });
    const range = jest.fn().mockResolvedValue({ items: [a], treatments: [], pets: [{ appointment_id: 'co1', pet_id: 'pet-9' }] });
    const getPet = jest
      .fn()
      .mockResolvedValue({ pet: { id: 'pet-9', name: 'Rex', customer_id: 'c9', weight: null, breed: 'Boxer' }, tags: [] });
    const crmSettings = jest.fn().mockResolvedValue({ pet_checkout: { weight: 'ask_required', breed: 'ask', size: 'do_not_ask' } });
    const updatePet = jest.fn().mockResolvedValue({});
    const checkOut = jest.fn().mockResolvedValue({ ...a, checked_out: true, cashed_in: true, final_price: 3800, total: 3800 });
    setup({
      range,
      getPet,
      crmSettings,
      updatePet,
      checkOut,
      getCustomer: jest.fn().mockResolvedValue({ customer: { id: 'c9', first_name: 'Ugo', last_name: 'Sala' } }),
      petsOfCustomer: jest.fn().mockResolvedValue({ items: [] }),
    }).view();
    await screen.findByText(/Checkout/);
    const card = screen.getByTestId('appointment-card');
    layoutGrid();
    fireEvent.pointerDown(card, { clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerUp(screen.getByTestId('grid-body'), { clientX: 100, clientY: 100 });
    fireEvent.click(await screen.findByTestId('appointment-checkout'));
    const dialog = await screen.findByTestId('checkout-dialog');
    expect(within(dialog).getByTestId('checkout-pet-9.breed')).toHaveProperty('value', 'Boxer');
    fireEvent.change(within(dialog).getByTestId('checkout-final-price'), { target: { value: '38' } });
    expect(within(dialog).getByTestId('checkout-total').textContent).toBe('Total: 38,00');
    fireEvent.click(within(dialog).getByTestId('checkout-save'));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(checkOut).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('checkout-pet-9.weight'), { target: { value: '31,5' } });
    fireEvent.click(within(dialog).getByTestId('checkout-save'));
    await waitFor(() =>
      expect(checkOut).toHaveBeenCalledWith(ORGA, STORE, 'co1', { final_price: 3800, discount: 0, total: 3800, cashed_in: true }),
    );
    expect(updatePet).toHaveBeenCalledWith(ORGA, STORE, 'pet-9', { weight: 31.5 });
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('done'));
  });
});
