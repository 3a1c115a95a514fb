/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNA, BEA, FakeSchedulingGateway, layoutGrid, mountCalendar, ORGA, STORE } from '../test-support/calendar-harness';

// Issue 26, the front desk: collisions named before and after saving, book anyway on purpose, durations that
// follow the work, undo for ten seconds, no-show and restore, the Book link of the customer page.

// appointments' ids are uuids, as the server's are: a 409's lists are checked against the contract
const EARLY = 'a0000000-0000-4000-8000-000000000001';
const LATE = 'a0000000-0000-4000-8000-000000000002';
const OOPS = 'a0000000-0000-4000-8000-000000000003';
const NOBODY = 'a0000000-0000-4000-8000-000000000006';
const ANNAS = 'a0000000-0000-4000-8000-000000000007';
const BATH = '66666666-6666-4666-8666-666666666661';
const STRIPPING = '66666666-6666-4666-8666-666666666662';

function withCatalogue(gateway: FakeSchedulingGateway) {
  gateway.treatments = [
    { id: BATH, orga_id: ORGA, name: 'Bath', archive: false, default_duration: 60, default_price: 3000, color: '#1e88e5' },
    { id: STRIPPING, orga_id: ORGA, name: 'Hand stripping', archive: false, default_duration: 120, default_price: 6000, color: null },
  ];
  return gateway;
}

/** A click on the grid at 9:00 on Wednesday 18 November opens a new appointment there. */
async function newAtNine() {
  const body = layoutGrid(screen.getByTestId('grid-body'));
  fireEvent.pointerDown(body, { clientX: 250, clientY: 100, button: 0 });
  fireEvent.pointerUp(body, { clientX: 250, clientY: 100 });
  return screen.findByTestId('appointment-dialog');
}

async function chooseCustomer(dialog: HTMLElement, text: string) {
  fireEvent.change(within(dialog).getByTestId('customer-search'), { target: { value: text } });
  fireEvent.click(await within(dialog).findByTestId('customer-option', {}, { timeout: 2000 }));
}

function openCard(card: HTMLElement) {
  layoutGrid(screen.getByTestId('grid-body'));
  fireEvent.pointerDown(card, { clientX: 100, clientY: 100, button: 0 });
  fireEvent.pointerUp(screen.getByTestId('grid-body'), { clientX: 100, clientY: 100 });
}

describe('front desk (issue 26)', () => {
  it('issue 26 R3.07 the dialog names what collides as the pet is picked; a refused save offers Book anyway, which books', async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' });
    gateway.add({ id: EARLY, app_name: 'Fido bath', user_id: ANNA.user_id, date: '2026-11-18', hour: 9, duration: 60 }, [fido.id]);
    const { sent, notify } = mountCalendar({ gateway });
    await screen.findByText(/Fido bath/);
    const dialog = await newAtNine();
    expect(within(dialog).queryByTestId('conflict-warning')).toBeNull();
    await chooseCustomer(dialog, 'Ros');
    const warning = await within(dialog).findByTestId('conflict-warning', {}, { timeout: 3000 });
    expect(
      within(warning)
        .getAllByTestId('conflict-line')
        .map((l) => l.textContent),
    ).toEqual(['Fido 09:00–10:00 with Anna Rossi (the same pet)']);
    expect(sent('POST', /\/appointment_check$/).at(-1)?.body).toMatchObject({
      appointment_id: null,
      appointment: { date: '2026-11-18', hour: 9, min: 0, duration: 15, user_id: BEA.user_id, pet_ids: [fido.id] },
    });

    // saving without the choice is refused by the server: no error snackbar, the question instead
    fireEvent.click(within(dialog).getByTestId('appointment-save'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('conflict-warning').textContent).toContain('Not saved: this time collides with:'),
    );
    expect(notify).not.toHaveBeenCalled();
    expect(gateway.items).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('book-anyway'));
    await waitFor(() => expect(screen.getAllByTestId('appointment-card')).toHaveLength(2));
    const posts = sent('POST', /\/appointment$/).map((r) => (r.body as { allow_conflict: boolean }).allow_conflict);
    expect(posts).toEqual([false, true]);
    expect(screen.queryByTestId('appointment-dialog')).toBeNull();
  });

  it('issue 26 R3.07 a groomer who is busy is named, and choosing a free one clears the warning', async () => {
    const gateway = new FakeSchedulingGateway();
    const rex = gateway.addPet('Rex', { first_name: 'Ugo', last_name: 'Sala' });
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' });
    gateway.add({ app_name: 'Rex nails', user_id: BEA.user_id, date: '2026-11-18', hour: 9, min: 0, duration: 30 }, [rex.id]);
    mountCalendar({ gateway });
    await screen.findByText(/Rex nails/);
    const dialog = await newAtNine();
    await chooseCustomer(dialog, 'Maria');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Fido' }).checked).toBe(true));
    fireEvent.change(within(dialog).getByTestId('staff-select'), { target: { value: BEA.user_id } });
    const warning = await within(dialog).findByTestId('conflict-warning', {}, { timeout: 3000 });
    expect(warning.textContent).toContain('Rex 09:00–09:30 with Bea Neri (the groomer is busy)');
    fireEvent.change(within(dialog).getByTestId('staff-select'), { target: { value: ANNA.user_id } });
    await waitFor(() => expect(within(dialog).queryByTestId('conflict-warning')).toBeNull(), { timeout: 3000 });
    expect(fido.id).toBeTruthy();
  });

  it('issue 26 R3.07 a card dropped onto a collision asks, names it, and moves only on "Book anyway"', async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido');
    gateway.add({ id: EARLY, app_name: 'Early', user_id: ANNA.user_id, date: '2026-11-18', hour: 9, duration: 60 }, [fido.id]);
    gateway.add({ id: LATE, app_name: 'Late', user_id: ANNA.user_id, date: '2026-11-18', hour: 11, duration: 60 });
    const { sent, notify } = mountCalendar({ gateway });
    await screen.findByText(/Late/);
    const body = layoutGrid(screen.getByTestId('grid-body'));
    const late = screen.getAllByTestId('appointment-card').find((c) => c.getAttribute('data-appointment-id') === LATE) as HTMLElement;
    fireEvent.pointerDown(late, { clientX: 250, clientY: 200, button: 0 });
    fireEvent.pointerMove(body, { clientX: 250, clientY: 104 });
    fireEvent.pointerUp(body, { clientX: 250, clientY: 104 });
    const ask = await screen.findByTestId('conflict-ask', {}, { timeout: 3000 });
    expect(ask.textContent).toBe('Fido 09:00–10:00 with Anna Rossi (the groomer is busy)');
    expect(gateway.items.find((a) => a.id === LATE)?.hour).toBe(11);
    expect(notify).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(gateway.items.find((a) => a.id === LATE)?.hour).toBe(9));
    expect(sent('PATCH', new RegExp(`/${LATE}/move$`)).map((r) => (r.body as { allow_conflict: boolean }).allow_conflict)).toEqual([
      false,
      true,
    ]);
    // the question named the 409's own lists (ApiError's conflict): nothing was asked of the check route
    expect(sent('POST', /\/appointment_check$/)).toHaveLength(0);
  });

  it('issue 26 R4.11 a delete shows Undo for ten seconds, and Undo brings the appointment back through the server', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ id: OOPS, app_name: 'Oops', date: '2026-11-18' });
    const { sent } = mountCalendar({ gateway });
    await screen.findByText(/Oops/);
    openCard(screen.getByTestId('appointment-card'));
    fireEvent.click(await screen.findByTestId('appointment-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByText(/Oops/)).toBeNull());
    const toast = screen.getByTestId('undo-toast');
    expect(toast.textContent).toContain('Appointment deleted');
    fireEvent.click(within(toast).getByTestId('undo-button'));
    expect(await screen.findByText(/Oops/)).toBeTruthy();
    expect(sent('POST', /\/appointment_change\/[^/]+\/undo$/)).toHaveLength(1);
    expect(screen.queryByTestId('undo-toast')).toBeNull();
  });

  it('issue 26 the undo offer goes after ten seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const gateway = new FakeSchedulingGateway();
      gateway.add({ app_name: 'Moved', date: '2026-11-18', hour: 9 });
      mountCalendar({ gateway });
      await screen.findByText(/Moved/);
      const body = layoutGrid(screen.getByTestId('grid-body'));
      fireEvent.pointerDown(screen.getByTestId('appointment-card'), { clientX: 250, clientY: 100, button: 0 });
      fireEvent.pointerMove(body, { clientX: 250, clientY: 148 });
      fireEvent.pointerUp(body, { clientX: 250, clientY: 148 });
      expect((await screen.findByTestId('undo-toast')).textContent).toContain('Appointment moved');
      jest.advanceTimersByTime(9_000);
      expect(screen.getByTestId('undo-toast')).toBeTruthy();
      jest.advanceTimersByTime(1_100);
      await waitFor(() => expect(screen.queryByTestId('undo-toast')).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });

  it('issue 26 R4.11 a past appointment can be marked a no-show (asked first), shows so, and can be restored', async () => {
    const gateway = new FakeSchedulingGateway();
    const a = gateway.add({ app_name: 'Absent', date: '2026-11-18', starts_at: '2026-11-18T08:00:00.000Z' });
    gateway.add({ app_name: 'Ahead', date: '2099-01-07', starts_at: '2099-01-07T08:00:00.000Z' });
    const { sent } = mountCalendar({ gateway });
    await screen.findByText(/Absent/);
    openCard(screen.getByTestId('appointment-card'));
    fireEvent.click(await screen.findByTestId('appointment-no-show'));
    expect(await screen.findByText('Mark this appointment as a no-show (the customer did not come)?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(sent('PATCH', new RegExp(`/${a.id}/status$`))[0]?.body).toEqual({ status: 3, allow_conflict: false }));
    const card = await screen.findByTestId('appointment-card');
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('no_show'));
    expect(within(card).getByTestId('declined-badge').textContent).toBe('No-show');
    expect(screen.getByTestId('undo-toast').textContent).toContain('Appointment marked as a no-show');
    openCard(screen.getByTestId('appointment-card'));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByTestId('checkout-block').textContent).toBe(
      'The customer did not come: this appointment cannot be checked out.',
    );
    expect(within(dialog).queryByTestId('appointment-no-show')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('appointment-restore'));
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('open'));
  });

  it('issue 26 no-show is not offered before the appointment started', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ app_name: 'Ahead', date: '2099-01-07', starts_at: '2099-01-07T08:00:00.000Z' });
    mountCalendar({ gateway, path: `/${ORGA}/store/${STORE}?day=2099-01-07` });
    await screen.findByText(/Ahead/);
    openCard(screen.getByTestId('appointment-card'));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).queryByTestId('appointment-no-show')).toBeNull();
    expect(within(dialog).getByTestId('appointment-decline')).toBeTruthy();
  });

  it('issue 26 R3.09 the duration follows the treatments and the pet by the service-time matrix, says where from, and may be overridden', async () => {
    const gateway = withCatalogue(new FakeSchedulingGateway());
    gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' }, { pet_type: 0, size: 'small', hair: 'short' });
    gateway.serviceTimes = [{ treatment_id: BATH, pet_type: 0, breed: null, size: 'small', hair: null, minutes: 45 }];
    const { sent } = mountCalendar({ gateway });
    await screen.findByTestId('empty-state');
    const dialog = await newAtNine();
    await chooseCustomer(dialog, 'Ros');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Fido' }).checked).toBe(true));
    const duration = within(dialog).getByTestId<HTMLInputElement>('duration-input');
    // the clicked slot's quarter hour until the work is chosen
    expect(duration.value).toBe('15');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Bath' }));
    await waitFor(() => expect(duration.value).toBe('45'));
    expect(within(dialog).getByTestId('duration-hint').textContent).toBe('From the service-time matrix');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Hand stripping' }));
    expect(duration.value).toBe('165');
    expect(within(dialog).getByTestId('duration-hint').textContent).toBe(
      "From the service-time matrix and the treatments' usual durations",
    );
    // the receptionist's own figure stays, with the proposal beside it
    fireEvent.change(duration, { target: { value: '150' } });
    expect(duration.value).toBe('150');
    expect(within(dialog).getByTestId('duration-hint').textContent).toContain(
      "165 min proposed (From the service-time matrix and the treatments' usual durations)",
    );
    fireEvent.click(within(dialog).getByTestId('appointment-save'));
    await waitFor(() => expect(sent('POST', /\/appointment$/)).toHaveLength(1));
    expect((sent('POST', /\/appointment$/)[0]?.body as { appointment: { duration: number } }).appointment.duration).toBe(150);
  });

  it("issue 26 editing keeps the appointment's own duration until the work changes", async () => {
    const gateway = withCatalogue(new FakeSchedulingGateway());
    const fido = gateway.addPet('Fido', {}, { pet_type: 0, size: 'small' });
    gateway.add({ app_name: 'Long bath', date: '2026-11-18', duration: 90 }, [fido.id], [{ id: BATH, name: 'Bath' }]);
    mountCalendar({ gateway });
    await screen.findByText(/Long bath/);
    openCard(screen.getByTestId('appointment-card'));
    const dialog = await screen.findByTestId('appointment-dialog');
    const duration = within(dialog).getByTestId<HTMLInputElement>('duration-input');
    await waitFor(() => expect(within(dialog).getByTestId('duration-hint').textContent).toContain('60 min proposed'));
    expect(duration.value).toBe('90');
    fireEvent.click(within(dialog).getByTestId('use-proposal'));
    expect(duration.value).toBe('60');
  });

  it("issue 26 the customer page's Book link opens a new appointment for the customer and pet, once", async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' });
    gateway.addPet('Luna', { id: fido.customer_id });
    mountCalendar({ gateway, path: `/${ORGA}/store/${STORE}?day=2026-11-18&book_customer=${fido.customer_id}&book_pet=${fido.id}` });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect((await within(dialog).findByTestId('chosen-customer')).textContent).toBe('Maria Rossi');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Fido' }).checked).toBe(true));
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Luna' }).checked).toBe(false);
    expect(within(dialog).getByDisplayValue('2026-11-18')).toBeTruthy();
  });
});

describe('phone booking of a new customer (issues 26, 29)', () => {
  it('issue 29 "New customer" in the dialog creates the customer and the first pet through crm, picks them, and books', async () => {
    const gateway = withCatalogue(new FakeSchedulingGateway());
    const { sent } = mountCalendar({ gateway });
    await screen.findByTestId('empty-state');
    const dialog = await newAtNine();
    fireEvent.change(within(dialog).getByTestId('customer-search'), { target: { value: 'Marco Bianchi' } });
    expect(await within(dialog).findByText('No customer found', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('new-customer'));
    const form = within(dialog).getByTestId('new-customer-form');
    expect(within(form).getByTestId<HTMLInputElement>('new-first-name').value).toBe('Marco');
    expect(within(form).getByTestId<HTMLInputElement>('new-last-name').value).toBe('Bianchi');
    // the pet's name is asked before anything is written
    fireEvent.click(within(form).getByTestId('new-customer-save'));
    expect(await within(form).findByText('Required')).toBeTruthy();
    expect(sent('POST', /\/customer$/)).toHaveLength(0);
    fireEvent.change(within(form).getByTestId('new-phone'), { target: { value: '+39 333 1234567' } });
    fireEvent.change(within(form).getByTestId('new-pet-name'), { target: { value: 'Birba' } });
    fireEvent.change(within(form).getByTestId('new-pet-size'), { target: { value: 'small' } });
    fireEvent.click(within(form).getByTestId('new-customer-save'));
    expect((await within(dialog).findByTestId('chosen-customer')).textContent).toBe('Marco Bianchi');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Birba' }).checked).toBe(true));
    expect(sent('POST', /\/customer$/)[0]?.body).toEqual({ first_name: 'Marco', last_name: 'Bianchi', fon: '+39 333 1234567' });
    const pet = gateway.pets.find((p) => p.name === 'Birba');
    expect(sent('POST', /\/pet$/)[0]?.body).toEqual({
      customer_id: pet?.customer_id,
      name: 'Birba',
      pet_type: 0,
      size: 'small',
      hair: null,
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Bath' }));
    fireEvent.click(within(dialog).getByTestId('appointment-save'));
    await waitFor(() => expect(screen.getAllByTestId('appointment-card')).toHaveLength(1));
    expect((sent('POST', /\/appointment$/)[0]?.body as { appointment: { pet_ids: string[] } }).appointment.pet_ids).toEqual([pet?.id]);
  });

  it('issue 29 search results show the phone and the pets, so two Halls can be told apart', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.addPet('Rex', { first_name: 'Ann', last_name: 'Hall', fon: '0471 111' });
    gateway.addPet('Milo', { first_name: 'Ann', last_name: 'Hall', fon: '0471 222' });
    gateway.customers = gateway.customers.map((c) => ({
      ...c,
      pet_names: gateway.pets.filter((p) => p.customer_id === c.id).map((p) => p.name),
    }));
    mountCalendar({ gateway });
    await screen.findByTestId('empty-state');
    const dialog = await newAtNine();
    fireEvent.change(within(dialog).getByTestId('customer-search'), { target: { value: 'Hall' } });
    await waitFor(() => expect(within(dialog).getAllByTestId('customer-option')).toHaveLength(2), { timeout: 2000 });
    expect(
      within(dialog)
        .getAllByTestId('customer-option')
        .map((o) => o.textContent),
    ).toEqual(['Ann Hall · 0471 111 · Rex', 'Ann Hall · 0471 222 · Milo']);
  });

  it('keeps the found customers on screen while a realtime change of customers asks again, so an option never vanishes under the pointer', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.addPet('Rex', { first_name: 'Ann', last_name: 'Hall', fon: '0471 111' });
    const { emit } = mountCalendar({ gateway });
    await screen.findByTestId('empty-state');
    const dialog = await newAtNine();
    fireEvent.change(within(dialog).getByTestId('customer-search'), { target: { value: 'Hall' } });
    await within(dialog).findByTestId('customer-option', {}, { timeout: 2000 });
    // another device changes a customer: the list is asked again, and that answer does not come
    gateway.hang = /\/customers$/;
    emit({ scope: 'customer', event: 'updated' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      within(dialog)
        .getAllByTestId('customer-option')
        .map((o) => o.textContent),
    ).toEqual(['Ann Hall · 0471 111']);
  });
});

describe('cards that read well (issue 26)', () => {
  it('issue 26 a card without a groomer says "Unassigned"; cards take their treatment colour, explained by a legend', async () => {
    const gateway = withCatalogue(new FakeSchedulingGateway());
    gateway.add(
      { id: NOBODY, app_name: 'Nobody yet', user_id: null, date: '2026-11-18', hour: 9, duration: 60 },
      [],
      [{ id: BATH, name: 'Bath' }],
    );
    gateway.add({ id: ANNAS, app_name: 'Anna has it', user_id: ANNA.user_id, date: '2026-11-18', hour: 11, duration: 60 });
    mountCalendar({ gateway });
    await screen.findByText(/Nobody yet/);
    const cards = screen.getAllByTestId('appointment-card');
    const unassigned = cards.find((c) => c.getAttribute('data-appointment-id') === NOBODY) as HTMLElement;
    const anna = cards.find((c) => c.getAttribute('data-appointment-id') === ANNAS) as HTMLElement;
    expect(within(unassigned).getByTestId('unassigned-mark').textContent).toBe('Unassigned');
    expect(unassigned.getAttribute('aria-label')).toBe('09:00–10:00 Nobody yet Unassigned');
    expect(within(anna).queryByTestId('unassigned-mark')).toBeNull();
    // Bath's blue, not the default scheme; Anna's card keeps her scheme
    expect(unassigned.style.backgroundColor).toBe('rgb(30, 136, 229)');
    expect(anna.style.backgroundColor).toBe('rgb(46, 125, 50)');
    const legend = screen.getByTestId('treatment-legend');
    expect(
      within(legend)
        .getAllByTestId('legend-item')
        .map((i) => i.textContent),
    ).toEqual(['Bath']);
  });
});

describe('the Book link without a pet (issue 26)', () => {
  it("issue 26 a customer's Book link picks their only pet, as choosing the customer does", async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' });
    mountCalendar({ gateway, path: `/${ORGA}/store/${STORE}?day=2026-11-18&book_customer=${fido.customer_id}` });
    const dialog = await screen.findByTestId('appointment-dialog');
    expect((await within(dialog).findByTestId('chosen-customer')).textContent).toBe('Maria Rossi');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Fido' }).checked).toBe(true));
  });
});

describe("the pet's history (issues 26, 29)", () => {
  it("issue 29 R3.09 the same work as the pet's last appointment proposes its duration, and says so", async () => {
    const gateway = withCatalogue(new FakeSchedulingGateway());
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' }, { pet_type: 0, size: 'small' });
    gateway.serviceTimes = [{ treatment_id: BATH, pet_type: 0, breed: null, size: 'small', hair: null, minutes: 45 }];
    gateway.add(
      { app_name: 'Last time', date: '2026-11-02', starts_at: '2026-11-02T08:00:00.000Z', duration: 50 },
      [fido.id],
      [{ id: BATH, name: 'Bath' }],
    );
    mountCalendar({ gateway });
    await screen.findByTestId('empty-state');
    const dialog = await newAtNine();
    await chooseCustomer(dialog, 'Ros');
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Fido' }).checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Bath' }));
    const duration = within(dialog).getByTestId<HTMLInputElement>('duration-input');
    await waitFor(() => expect(duration.value).toBe('50'));
    expect(within(dialog).getByTestId('duration-hint').textContent).toBe("As the pet's last appointment with these treatments");
    // other work than last time: the matrix and the usual durations again
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Hand stripping' }));
    expect(duration.value).toBe('165');
  });
});
