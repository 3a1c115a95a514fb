/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeSchedulingGateway, layoutGrid, mountCalendar } from '../test-support/calendar-harness';

// Issue 26, a refusal names what refused it: the 409 conflict's lists reach the calendar on ApiError (the data
// layer), so the dialog and the questions show the server's answer to that very write, with no second check.

const FIRST = 'a0000000-0000-4000-8000-000000000004';
const TWICE = 'a0000000-0000-4000-8000-000000000005';

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

describe('a refused save (issue 26)', () => {
  it('issue 26 R3.07 a time booked by someone else after the check is named by the refusal itself, and editing asks the check again', async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' });
    const { sent } = mountCalendar({ gateway });
    await screen.findByTestId('time-grid');
    const dialog = await newAtNine();
    await chooseCustomer(dialog, 'Ros');
    // the fake answers as it receives: once the check with Fido is sent, its answer (free) is given
    const checkedFido = () => sent('POST', /\/appointment_check$/).some((r) => JSON.stringify(r.body).includes(fido.id));
    await waitFor(() => expect(checkedFido()).toBe(true), { timeout: 3000 });
    expect(within(dialog).queryByTestId('conflict-warning')).toBeNull();
    const checks = sent('POST', /\/appointment_check$/).length;
    // another receptionist books Fido at 9:00 now (as long as this one: the pet's history proposes no other
    // duration); this dialog's check said the time was free
    gateway.add({ app_name: 'Phone booking', user_id: null, date: '2026-11-18', hour: 9, duration: 15 }, [fido.id]);
    fireEvent.click(within(dialog).getByTestId('appointment-save'));
    const warning = await within(dialog).findByTestId('conflict-warning');
    await waitFor(() => expect(warning.textContent).toContain('Not saved: this time collides with:'));
    expect(
      within(warning)
        .getAllByTestId('conflict-line')
        .map((l) => l.textContent),
    ).toEqual(['Fido 09:00–09:15, unassigned (the same pet)']);
    expect(sent('POST', /\/appointment_check$/)).toHaveLength(checks);
    // another time: the live check speaks again, and the refusal's lines go
    fireEvent.change(dialog.querySelector('input[type="time"]') as HTMLInputElement, { target: { value: '10:00' } });
    await waitFor(() => expect(within(dialog).queryByTestId('conflict-warning')).toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(sent('POST', /\/appointment_check$/).length).toBeGreaterThan(checks), { timeout: 3000 });
  });
});

describe('undo onto a taken time (issue 26)', () => {
  it('issue 26 R4.11 undoing the delete of a deliberate double booking names the collision again and restores it on "Book anyway"', async () => {
    const gateway = new FakeSchedulingGateway();
    const fido = gateway.addPet('Fido');
    gateway.add({ id: FIRST, app_name: 'First', date: '2026-11-18', hour: 9, duration: 60 }, [fido.id]);
    // booked anyway on top of the first
    gateway.add({ id: TWICE, app_name: 'Twice', date: '2026-11-18', hour: 9, min: 30, duration: 60 }, [fido.id]);
    const { sent } = mountCalendar({ gateway });
    await screen.findByText(/Twice/);
    const card = screen.getAllByTestId('appointment-card').find((c) => c.getAttribute('data-appointment-id') === TWICE) as HTMLElement;
    fireEvent.keyDown(card, { key: 'Enter' });
    fireEvent.click(await screen.findByTestId('appointment-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByText(/Twice/)).toBeNull());
    const checks = sent('POST', /\/appointment_check$/).length;
    fireEvent.click(within(screen.getByTestId('undo-toast')).getByTestId('undo-button'));
    const ask = await screen.findByTestId('conflict-ask');
    await waitFor(() =>
      expect(
        within(ask)
          .getAllByTestId('conflict-line')
          .map((l) => l.textContent),
      ).toEqual(['Fido 09:00–10:00, unassigned (the same pet)']),
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText(/Twice/)).toBeTruthy();
    expect(sent('POST', /\/undo$/).map((r) => r.body)).toEqual([{ allow_conflict: false }, { allow_conflict: true }]);
    // named from the 409 itself, although the deleted appointment had left the shown range
    expect(sent('POST', /\/appointment_check$/)).toHaveLength(checks);
  });
});
