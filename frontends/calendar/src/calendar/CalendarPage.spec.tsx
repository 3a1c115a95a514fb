/** @jest-environment jsdom */
import { organizationOf, organizationUserOf, storeOf } from '@pawline/api-client';
import { PET_CARDS_MAX as CONTRACT_PET_CARDS_MAX } from '@pawline/contracts';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNA, BEA, FakeSchedulingGateway, layoutGrid, mountCalendar, ORGA, ORGANIZATION, STORE } from '../test-support/calendar-harness';
import { CALENDAR_VIEW_STORAGE_KEY } from './calendar-views';
import { PET_CARDS_MAX, petIdsOf } from './useCalendarData';

const RANGE = /\/appointments\/\d+\/\d+\/\d+\/\d+\/\d+\/\d+$/;
const week = `/api/v1/orga/${ORGA}/store/${STORE}/appointments/2026/11/16/2026/11/22`;

/** Opens a card as a click does on the grid: pointer down and up on the same spot. */
function openCard(card: HTMLElement) {
  layoutGrid(screen.getByTestId('grid-body'));
  fireEvent.pointerDown(card, { clientX: 100, clientY: 100, button: 0 });
  fireEvent.pointerUp(screen.getByTestId('grid-body'), { clientX: 100, clientY: 100 });
}

describe('calendar page', () => {
  it('R2.10 R9.08 R7.05 opens in Week and reads only the visible week', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: 'a1', app_name: 'Fido bath', date: '2026-11-18', user_id: ANNA.user_id });
    gateway.add({ id: 'a2', app_name: 'Next week', date: '2026-11-25' });
    const { sent } = mountCalendar({ gateway });
    expect(await screen.findByText(/Fido bath/)).toBeTruthy();
    expect(screen.queryByText(/Next week/)).toBeNull();
    expect(sent('GET', RANGE).map((r) => r.path)).toEqual([week]);
    expect(screen.getAllByTestId('grid-column-head')).toHaveLength(7);
    expect(screen.getByTestId('calendar-page').getAttribute('data-view')).toBe('week');
  });

  it("issue 25 a week's pets and owners come in one batch request, never one per pet", async () => {
    const gateway = new FakeSchedulingGateway();
    for (let i = 0; i < 30; i++) {
      const pet = gateway.addPet(`Pet ${i}`, { first_name: 'Owner', last_name: `No ${i}` });
      gateway.add({ app_name: '', date: '2026-11-18', hour: 8 + (i % 10) }, [pet.id]);
    }
    const { requests } = mountCalendar({ gateway });
    await waitFor(() => expect(screen.getAllByText(/Pet \d+/).length).toBeGreaterThanOrEqual(30));
    const reads = requests.filter((r) => r.method === 'GET').map((r) => r.path.replace(/[0-9a-f-]{36}/g, ':id'));
    expect(reads.sort()).toEqual([
      `/api/v1/orga/:id/store/:id/appointments/2026/11/16/2026/11/22`,
      // issue 31 the store's vaccine requirement, once for the whole range
      `/api/v1/orga/:id/store/:id/care_settings`,
      `/api/v1/orga/:id/store/:id/pets/cards`,
      `/api/v1/orga/:id/treatments`,
    ]);
    expect(requests.some((r) => /\/pet\/[^/]+$/.test(r.path))).toBe(false);
  });

  it('asks the batch for each pet once, in a stable order, at most as many as the contract allows', () => {
    expect(PET_CARDS_MAX).toBe(CONTRACT_PET_CARDS_MAX);
    expect(petIdsOf([{ pet_id: 'b' }, { pet_id: 'a' }, { pet_id: 'b' }])).toEqual(['a', 'b']);
    expect(petIdsOf(Array.from({ length: 250 }, (_, i) => ({ pet_id: `p${String(i).padStart(3, '0')}` })))).toHaveLength(PET_CARDS_MAX);
  });

  it("the cards show the organization's chosen fields in order; an unparseable choice gives the default card (R8.08)", async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add(
      { id: 'a1', app_name: 'Fido bath', notes: 'Nervous dog', price: 4500, date: '2026-11-18', user_id: ANNA.user_id },
      [],
      [
        { id: '66666666-6666-4666-8666-666666666661', name: 'Bath' },
        { id: '66666666-6666-4666-8666-666666666662', name: 'Nail trim' },
      ],
    );
    const chosen = mountCalendar({ gateway, orga: { ...ORGANIZATION, appointment_card_custom: '["treatments","price","notes"]' } });
    const card = await screen.findByTestId('appointment-card');
    expect(card.firstChild?.textContent).toMatch(/Bath, Nail trim$/);
    expect(screen.getAllByTestId('card-line').map((line) => line.textContent)).toEqual(['45,00', 'Nervous dog']);
    chosen.view.unmount();

    mountCalendar({ gateway, orga: { ...ORGANIZATION, appointment_card_custom: '{"fields":"treatments"}' } });
    const fallback = await screen.findByTestId('appointment-card');
    expect(fallback.firstChild?.textContent).toMatch(/Fido bath$/);
    expect(screen.queryAllByTestId('card-line')).toHaveLength(0);
  });

  it('a card without a name shows its pets by the batch read', async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido');
    gateway.add({ app_name: '', date: '2026-11-18' }, [fido.id]);
    mountCalendar({ gateway });
    await waitFor(() => expect(screen.getByTestId('appointment-card').firstChild?.textContent).toMatch(/Fido$/));
  });

  it('R3.07 R9.09 a declined appointment is shown clearly, a done one distinctly', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: 'd1', app_name: 'Luna', status: 2 });
    gateway.add({ id: 'd2', app_name: 'Rex', hour: 12, checked_out: true, cashed_in: true });
    mountCalendar({ gateway });
    await screen.findByText(/Luna/);
    const cards = screen.getAllByTestId('appointment-card');
    const declined = cards.find((c) => c.getAttribute('data-appointment-id') === 'd1');
    expect(declined?.getAttribute('data-state')).toBe('declined');
    expect(within(declined as HTMLElement).getByTestId('declined-badge').textContent).toBe('Declined');
    expect(cards.find((c) => c.getAttribute('data-appointment-id') === 'd2')?.getAttribute('data-state')).toBe('done');
  });

  it("issue 29 the command palette's link opens the calendar at the appointment's day with it open, once", async () => {
    const gateway = new FakeSchedulingGateway();
    const id = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    gateway.add({ id, app_name: 'Palette visit', date: '2026-11-25', hour: 10 });
    gateway.add({ id: 'a9', app_name: 'Other visit', date: '2026-11-26' });
    const { sent } = mountCalendar({ gateway, path: `/${ORGA}/store/${STORE}?day=2026-11-25&appointment=${id}` });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByDisplayValue('Palette visit')).toBeTruthy();
    expect(sent('GET', RANGE).map((r) => r.path)).toEqual([`/api/v1/orga/${ORGA}/store/${STORE}/appointments/2026/11/23/2026/11/29`]);
  });

  it('issue 29 with no treatments the dialog links an administrator to the catalogue and tells anyone else whom to ask', async () => {
    mountCalendar();
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('calendar-new'));
    const staffDialog = await screen.findByTestId('appointment-dialog');
    expect(within(staffDialog).getByTestId('no-treatments').textContent).toBe(
      'No treatments in the catalogue Ask an administrator to add treatments.',
    );
    expect(within(staffDialog).queryByTestId('no-treatments-link')).toBeNull();
  });

  it('issue 29 an administrator reaches the catalogue from the empty treatment list', async () => {
    const owner = organizationUserOf({ id: 'u1-member', user_id: 'u1', orga_rank: 0 });
    mountCalendar({ orga: { ...ORGANIZATION, users: [...ORGANIZATION.users, owner] } });
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('calendar-new'));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByTestId('no-treatments-link').getAttribute('href')).toBe(`/${ORGA}/settings/treatments`);
    expect(within(dialog).getByTestId('no-treatments-link').textContent).toBe('Add treatments');
  });

  it('R2.10 R1.04 switching the view remembers it and reads its range', async () => {
    const { sent } = mountCalendar();
    await screen.findByTestId('empty-state');
    const month = screen.getByTestId('view-menu').querySelector('[data-view="month"]') as HTMLElement;
    expect(month.textContent).toBe('Month');
    fireEvent.click(month);
    await waitFor(() =>
      expect(sent('GET', RANGE).at(-1)?.path).toBe(`/api/v1/orga/${ORGA}/store/${STORE}/appointments/2026/10/26/2026/12/6`),
    );
    expect(window.localStorage.getItem(CALENDAR_VIEW_STORAGE_KEY)).toBe('month');
    expect(await screen.findByTestId('month-view')).toBeTruthy();
  });

  it('R2.10 the small-screen menu is a collapsible group', async () => {
    mountCalendar();
    await screen.findByTestId('empty-state');
    const compact = screen.getByTestId('view-menu-compact');
    expect(within(compact).queryByTestId('view-menu-group')).toBeNull();
    fireEvent.click(within(compact).getByTestId('view-menu-toggle'));
    fireEvent.click(within(within(compact).getByTestId('view-menu-group')).getByText('4 days'));
    expect(screen.getByTestId('calendar-page').getAttribute('data-view')).toBe('four_days');
    expect(within(compact).queryByTestId('view-menu-group')).toBeNull();
  });

  it('R1.04 Day by user has a column per staff member and one for unassigned appointments', async () => {
    mountCalendar({ stored: { [CALENDAR_VIEW_STORAGE_KEY]: 'day_by_user' } });
    await screen.findByTestId('empty-state');
    expect(screen.getAllByTestId('grid-column-head').map((h) => h.textContent)).toEqual(['Anna Rossi', 'Bea Neri', 'Unassigned']);
  });

  it('shows an error in the user language with a retry that loads again', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ app_name: 'Back again' });
    gateway.failures = [
      { method: 'GET', path: RANGE, status: 503, body: { code: 'unavailable', message: 'Service unavailable' }, times: 3 },
    ];
    mountCalendar({ gateway });
    const error = await screen.findByTestId('error-state', {}, { timeout: 4000 });
    expect(error.textContent).toContain('The appointments could not be loaded');
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByText(/Back again/)).toBeTruthy();
  });

  it('shows loading while the week comes', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.hang = RANGE;
    mountCalendar({ gateway });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('books by dragging on the grid: 9:00 to 10:30 on Wednesday opens the dialog with that slot', async () => {
    mountCalendar();
    await screen.findByTestId('empty-state');
    const body = layoutGrid(screen.getByTestId('grid-body'));
    fireEvent.pointerDown(body, { clientX: 250, clientY: 96, button: 0 });
    fireEvent.pointerMove(body, { clientX: 250, clientY: 160 });
    expect(screen.getByTestId('grid-selection').textContent).toBe('09:00–10:30');
    fireEvent.pointerUp(body, { clientX: 250, clientY: 160 });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByDisplayValue<HTMLInputElement>('2026-11-18').type).toBe('date');
    expect(within(dialog).getByDisplayValue('09:00')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('90')).toBeTruthy();
  });

  it('books with a customer and pet from the pickers and says it is saved', async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' });
    const { sent, notify } = mountCalendar({ gateway });
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('calendar-new'));
    const dialog = await screen.findByTestId('appointment-dialog');
    fireEvent.change(within(dialog).getByTestId('customer-search'), { target: { value: 'Ros' } });
    fireEvent.click(await within(dialog).findByTestId('customer-option', {}, { timeout: 2000 }));
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Fido' }).checked).toBe(true));
    fireEvent.click(within(dialog).getByTestId('appointment-save'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Appointment saved'));
    expect((sent('POST', /\/appointment$/)[0]?.body as { appointment: unknown }).appointment).toMatchObject({
      pet_ids: [fido.id],
      app_name: 'Fido (Rossi)',
    });
    expect(await screen.findByTestId('appointment-card')).toBeTruthy();
    expect(screen.queryByTestId('appointment-dialog')).toBeNull();
  });

  it('drags a card one hour later and to Thursday, then resizes it by 15 minutes', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: 'm1', app_name: 'Mover', date: '2026-11-18', hour: 9, min: 0, duration: 60 });
    const { sent } = mountCalendar({ gateway });
    await screen.findByText(/Mover/);
    const body = layoutGrid(screen.getByTestId('grid-body'));
    fireEvent.pointerDown(screen.getByTestId('appointment-card'), { clientX: 250, clientY: 100, button: 0 });
    fireEvent.pointerMove(body, { clientX: 350, clientY: 148 });
    fireEvent.pointerUp(body, { clientX: 350, clientY: 148 });
    await waitFor(() =>
      expect(sent('PATCH', /\/m1\/move$/)[0]?.body).toEqual({ scope: 'one', date: '2026-11-19', hour: 10, min: 0, allow_conflict: false }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('appointment-card').closest('[data-testid="grid-column"]')?.getAttribute('data-day')).toBe('2026-11-19'),
    );

    fireEvent.pointerDown(screen.getByTestId('resize-handle'), { clientX: 350, clientY: 200, button: 0 });
    fireEvent.pointerMove(body, { clientX: 350, clientY: 212 });
    fireEvent.pointerUp(body, { clientX: 350, clientY: 212 });
    await waitFor(() => expect(sent('PATCH', /\/m1\/resize$/)[0]?.body).toEqual({ scope: 'one', duration: 75, allow_conflict: false }));
  });

  it('a recurring appointment asks this / this and following / all before moving, then reads the range again', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: 'r1', app_name: 'Weekly', recurring_group_id: '30000000-0000-4000-8000-000000000001' });
    const { sent } = mountCalendar({ gateway });
    await screen.findByText(/Weekly/);
    const body = layoutGrid(screen.getByTestId('grid-body'));
    fireEvent.pointerDown(screen.getByTestId('appointment-card'), { clientX: 250, clientY: 100, button: 0 });
    fireEvent.pointerMove(body, { clientX: 250, clientY: 124 });
    fireEvent.pointerUp(body, { clientX: 250, clientY: 124 });
    fireEvent.click(await screen.findByTestId('scope-following'));
    await waitFor(() =>
      expect(sent('PATCH', /\/r1\/move$/)[0]?.body).toEqual({
        scope: 'following',
        date: '2026-11-18',
        hour: 9,
        min: 30,
        allow_conflict: false,
      }),
    );
    // several appointments may have changed: the visible range is read again
    await waitFor(() => expect(sent('GET', RANGE)).toHaveLength(2));
  });

  it('a refused move goes back where the server has it, with the error', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: 'm2', app_name: 'Stays', date: '2026-11-18', hour: 9 });
    gateway.failures = [{ method: 'PATCH', path: /move$/, status: 403, body: { code: 'forbidden', message: 'Forbidden' } }];
    const { notify } = mountCalendar({ gateway });
    await screen.findByText(/Stays/);
    const body = layoutGrid(screen.getByTestId('grid-body'));
    fireEvent.pointerDown(screen.getByTestId('appointment-card'), { clientX: 250, clientY: 100, button: 0 });
    fireEvent.pointerMove(body, { clientX: 350, clientY: 148 });
    fireEvent.pointerUp(body, { clientX: 350, clientY: 148 });
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, expect.any(String)));
    await waitFor(() =>
      expect(screen.getByTestId('appointment-card').closest('[data-testid="grid-column"]')?.getAttribute('data-day')).toBe('2026-11-18'),
    );
  });

  it('R4.17 live: a created appointment appears and a deleted one disappears, through the realtime table', async () => {
    const gateway = new FakeSchedulingGateway();
    const gone = gateway.add({ app_name: 'Soon gone' });
    const { emit } = mountCalendar({ gateway });
    await screen.findByText(/Soon gone/);
    const created = gateway.add({ app_name: 'From the other tablet' });
    emit({ event: 'created', data: created.id });
    expect(await screen.findByText(/From the other tablet/)).toBeTruthy();
    gateway.items = gateway.items.filter((a) => a.id !== gone.id);
    emit({ event: 'deleted', data: gone.id });
    await waitFor(() => expect(screen.queryByText(/Soon gone/)).toBeNull());
  });

  it("R4.17 R3.07 a customer's decline arriving live shows the card declined (the shell raises the notification, R4.18)", async () => {
    const gateway = new FakeSchedulingGateway();
    const a = gateway.add({ app_name: 'Fido', date: '2026-11-19', hour: 15, min: 30 });
    const { emit, notify } = mountCalendar({ gateway });
    await screen.findByText(/Fido/);
    gateway.items = gateway.items.map((x) => (x.id === a.id ? { ...x, status: 2 } : x));
    emit({ event: 'status_by_customer', data: a.id });
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('declined'));
    expect(notify).not.toHaveBeenCalled();
  });

  it("R4.12 the card shows the reminder's status with its text, 'WhatsApp failed, SMS will be sent' for failed, and a Confirmed reply", async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: 'r1', app_name: 'Reminded', reminder_status: 5, status: 1 });
    mountCalendar({ gateway });
    await screen.findByText(/Reminded/);
    const card = screen.getByTestId('appointment-card');
    const mark = within(card).getByTestId('reminder-status');
    expect(mark.getAttribute('data-reminder-status')).toBe('failed');
    expect(mark.getAttribute('title')).toBe('WhatsApp failed, SMS will be sent');
    expect(within(card).getByTestId('confirmed-badge').textContent).toBe('Confirmed');
    expect(card.getAttribute('aria-label')).toContain('Confirmed by the customer');
  });

  it('R4.12 a reminder status change over realtime updates the card live, with or without the appointment id', async () => {
    const gateway = new FakeSchedulingGateway();
    const a = gateway.add({ app_name: 'Live status', reminder_status: 1 });
    const { emit } = mountCalendar({ gateway });
    await screen.findByText(/Live status/);
    expect(screen.getByTestId('reminder-status').getAttribute('title')).toBe('Sent');
    gateway.items = gateway.items.map((x) => (x.id === a.id ? { ...x, reminder_status: 2 } : x));
    emit({ scope: 'reminder', event: 'status-changed', data: a.id });
    await waitFor(() => expect(screen.getByTestId('reminder-status').getAttribute('title')).toBe('Delivered'));
    gateway.items = gateway.items.map((x) => (x.id === a.id ? { ...x, reminder_status: 3 } : x));
    emit({ scope: 'reminder', event: 'status-changed', data: null });
    await waitFor(() => expect(screen.getByTestId('reminder-status').getAttribute('title')).toBe('Read'));
  });

  it('R4.11 R5.13 check-out asks the required pet information, saves it on the pet, then checks out', async () => {
    const gateway = new FakeSchedulingGateway();
    const rex = gateway.addPet('Rex', { first_name: 'Ugo', last_name: 'Sala' }, { breed: 'Boxer', weight: null });
    gateway.add({ id: 'co1', app_name: 'Checkout', price: 4000 }, [rex.id]);
    gateway.petCheckout = { weight: 'ask_required', breed: 'ask', size: 'do_not_ask' };
    const { sent, notify } = mountCalendar({ gateway });
    await screen.findByText(/Checkout/);
    openCard(screen.getByTestId('appointment-card'));
    // issue 32: the dialog also links to the counter's check-out of this appointment
    expect((await screen.findByTestId('appointment-counter-checkout')).getAttribute('href')).toMatch(
      /\/store\/[^/]+\/counter\?appointment=co1$/,
    );
    fireEvent.click(await screen.findByTestId('appointment-checkout'));
    const dialog = await screen.findByTestId('checkout-dialog');
    expect(within(dialog).getByTestId(`checkout-${rex.id}.breed`)).toHaveProperty('value', 'Boxer');
    fireEvent.change(within(dialog).getByTestId('checkout-final-price'), { target: { value: '38' } });
    expect(within(dialog).getByTestId('checkout-total').textContent).toBe('Total: 38,00');
    fireEvent.click(within(dialog).getByTestId('checkout-save'));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(sent('PATCH', /\/check_out$/)).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId(`checkout-${rex.id}.weight`), { target: { value: '31,5' } });
    fireEvent.click(within(dialog).getByTestId('checkout-save'));
    await waitFor(() =>
      expect(sent('PATCH', /\/co1\/check_out$/)[0]?.body).toEqual({ final_price: 3800, discount: 0, total: 3800, cashed_in: true }),
    );
    expect(sent('PUT', new RegExp(`/pet/${rex.id}$`))[0]?.body).toEqual({ weight: 31.5 });
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('done'));
    expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Appointment checked out');
  });

  it('another store of the organization reads its own week', async () => {
    const other = '20000000-0000-4000-8000-000000000002';
    const orga = organizationOf({ ...ORGANIZATION, stores: [...ORGANIZATION.stores, storeOf({ id: other, orga_id: ORGA, name: 'Two' })] });
    const { sent } = mountCalendar({ orga, path: `/${ORGA}/store/${other}?day=2026-11-18` });
    await screen.findByTestId('error-state', {}, { timeout: 4000 });
    expect(sent('GET', RANGE)[0]?.path).toBe(`/api/v1/orga/${ORGA}/store/${other}/appointments/2026/11/16/2026/11/22`);
  });

  it('issue 26 decline asks first, then shows on the card; a declined appointment says so and offers no check-out', async () => {
    const gateway = new FakeSchedulingGateway();
    const a = gateway.add({ app_name: 'Luna', date: '2026-11-18' });
    const { sent, notify } = mountCalendar({ gateway });
    await screen.findByText(/Luna/);
    openCard(screen.getByTestId('appointment-card'));
    fireEvent.click(await screen.findByTestId('appointment-decline'));
    expect(await screen.findByText('Mark this appointment as declined?')).toBeTruthy();
    expect(sent('PATCH', /\/status$/)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(sent('PATCH', new RegExp(`/${a.id}/status$`))[0]?.body).toEqual({ status: 2, allow_conflict: false }));
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('declined'));
    expect(screen.getByTestId('undo-toast').textContent).toContain('Appointment marked as declined');
    expect(notify).not.toHaveBeenCalled();
    openCard(screen.getByTestId('appointment-card'));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByTestId('checkout-block').textContent).toBe('This appointment was declined: it cannot be checked out.');
    expect(within(dialog).queryByTestId('appointment-checkout')).toBeNull();
    expect(within(dialog).queryByTestId('appointment-decline')).toBeNull();
    // issue 26: a declined appointment can be restored; it takes its time back
    fireEvent.click(within(dialog).getByTestId('appointment-restore'));
    await waitFor(() => expect(sent('PATCH', new RegExp(`/${a.id}/status$`))[1]?.body).toEqual({ status: 0, allow_conflict: false }));
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('open'));
  });

  it('issue 26 an appointment of a later day cannot be checked out yet, and the dialog says why', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ app_name: 'Ahead', date: '2099-01-07' });
    mountCalendar({ gateway, path: `/${ORGA}/store/${STORE}?day=2099-01-07` });
    await screen.findByText(/Ahead/);
    openCard(screen.getByTestId('appointment-card'));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByTestId('checkout-block').textContent).toBe('Check-out is possible from the day of the appointment on.');
    expect(within(dialog).queryByTestId('appointment-checkout')).toBeNull();
  });

  it('issue 26 a new appointment is for a groomer by default, not silently for nobody', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ app_name: 'Anna busy', user_id: ANNA.user_id, date: '2026-11-18', hour: 9, duration: 120 });
    mountCalendar({ gateway });
    await screen.findByText(/Anna busy/);
    const body = layoutGrid(screen.getByTestId('grid-body'));
    fireEvent.pointerDown(body, { clientX: 250, clientY: 100, button: 0 });
    fireEvent.pointerUp(body, { clientX: 250, clientY: 100 });
    const dialog = await screen.findByTestId('appointment-dialog');
    // the signed-in user takes no appointments here; Anna is busy at 9:00, Bea is free
    expect(within(dialog).getByTestId<HTMLSelectElement>('staff-select').value).toBe(BEA.user_id);
  });
});
