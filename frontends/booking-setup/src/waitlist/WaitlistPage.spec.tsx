/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, BATH, FakeBookingGateway, GROOMER, mountBooking, ORGA, STORE, waitlistRow } from '../testing/booking-harness';

const PATH = `${BASE}/waitlist`;
const WAITLIST = `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/waitlist`;

describe('the waitlist screen', () => {
  it('shows a loading state while the list is on its way', async () => {
    const gateway = new FakeBookingGateway();
    gateway.hang = /waitlist$/;
    mountBooking({ path: PATH, gateway });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('says so in the user language when the list cannot be loaded', async () => {
    const gateway = new FakeBookingGateway();
    gateway.failures.push({ method: 'GET', path: /waitlist$/, status: 500, body: { code: 'internal', message: 'Errore.' } });
    mountBooking({ path: PATH, gateway, language: 'it' });
    expect(await screen.findByText('Non è stato possibile caricare i dati delle prenotazioni.')).toBeTruthy();
  });

  it('says nobody is waiting, with how customers get on the list', async () => {
    mountBooking({ path: PATH, language: 'fr' });
    expect(await screen.findByText("Personne n'attend")).toBeTruthy();
  });

  it('lists who waits for what and when, with each offer and what became of it', async () => {
    const gateway = new FakeBookingGateway();
    gateway.waitlist = [
      waitlistRow(1, {
        user_id: GROOMER,
        offers: [
          {
            id: '90000000-0000-4000-8000-000000000001',
            status: 'gone',
            starts_at: '2026-11-26T09:00:00.000Z',
            date: '2026-11-26',
            time: '10:00',
            duration: 45,
            user_id: GROOMER,
            offered_at: '2026-11-25T08:00:00.000Z',
            expires_at: '2026-11-25T08:15:00.000Z',
            slot_id: null,
          },
        ],
      }),
      waitlistRow(2, { status: 'booked', weekdays: [], from_time: null, to_time: null, source: 'staff' }),
    ];
    mountBooking({ path: PATH, gateway });
    const first = await screen.findByTestId(`waitlist-entry-${gateway.waitlist[0]?.id}`);
    expect(within(first).getByTestId('waitlist-job').textContent).toBe('Fido 1 (Dog) · Bath · 45 min · Gino Verdi');
    expect(within(first).getByTestId('waitlist-wishes').textContent).toBe(
      'Tuesday, Thursday · between 09:00 and 12:00 · until Dec 31, 2026',
    );
    expect(within(first).getByTestId('waitlist-offer').textContent).toMatch(/^Offered Nov 26, 2026, 10:00\s?AM Taken by someone else$/);
    const second = screen.getByTestId(`waitlist-entry-${gateway.waitlist[1]?.id}`);
    expect(within(second).getByTestId('waitlist-status').textContent).toBe('Booked');
    expect(within(second).getByTestId('waitlist-wishes').textContent).toMatch(/^Any day · any time · until/);
    expect(within(second).queryByTestId('waitlist-remove')).toBeNull();
  });

  it('R4.19 reads the list again when an offer changes on the server (realtime)', async () => {
    const gateway = new FakeBookingGateway();
    const { emit } = mountBooking({ path: PATH, gateway });
    await screen.findByText('Nobody is waiting');
    gateway.waitlist = [waitlistRow(3)];
    emit({ scope: 'waitlist-offer', event: 'made' });
    expect(await screen.findByTestId(`waitlist-entry-${gateway.waitlist[0]?.id}`)).toBeTruthy();
  });

  it('R1.09 adds a customer who called with their pet, treatment, days and times', async () => {
    const gateway = new FakeBookingGateway();
    const { requests, bridge } = mountBooking({ path: PATH, gateway });
    await screen.findByText('Nobody is waiting');
    fireEvent.change(screen.getByTestId('waitlist-first_name'), { target: { value: 'Marco' } });
    fireEvent.change(screen.getByTestId('waitlist-last_name'), { target: { value: 'Rossi' } });
    fireEvent.change(screen.getByTestId('waitlist-fon'), { target: { value: '+39 347 555 0101' } });
    fireEvent.change(screen.getByTestId('waitlist-pet_name'), { target: { value: 'Luna' } });
    await waitFor(() => expect(screen.getByTestId('waitlist-treatment_id').querySelectorAll('option').length).toBe(3));
    fireEvent.change(screen.getByTestId('waitlist-treatment_id'), { target: { value: BATH } });
    fireEvent.click(screen.getByTestId('waitlist-weekday-1'));
    fireEvent.change(screen.getByTestId('waitlist-from_time'), { target: { value: '14:00' } });
    fireEvent.change(screen.getByTestId('waitlist-until'), { target: { value: '2099-01-31' } });
    fireEvent.click(screen.getByTestId('waitlist-add'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Added to the waitlist.'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: WAITLIST,
        body: expect.objectContaining({
          treatment_ids: [BATH],
          pets: [{ pet_id: null, name: 'Luna', pet_type: 1, breed: null, size: null, hair: null }],
          user_id: null,
          weekdays: [1],
          from_time: '14:00',
          to_time: null,
          until: '2099-01-31',
          first_name: 'Marco',
          consent_messages: true,
          language: 'en',
        }),
      },
    ]);
    expect(await screen.findByText('Marco Rossi')).toBeTruthy();
  });

  it('names what is missing in the user language without sending', async () => {
    const { requests } = mountBooking({ path: PATH, language: 'de' });
    await screen.findByText('Niemand wartet');
    fireEvent.change(screen.getByTestId('waitlist-from_time'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByTestId('waitlist-to_time'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByTestId('waitlist-add'));
    expect(await screen.findByText('Die späteste Zeit muss nach der frühesten liegen.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('removes a customer after asking', async () => {
    const gateway = new FakeBookingGateway();
    gateway.waitlist = [waitlistRow(4)];
    const { requests } = mountBooking({ path: PATH, gateway });
    fireEvent.click(await screen.findByTestId('waitlist-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === `${WAITLIST}/${gateway.waitlist[0]?.id}`)).toBe(true),
    );
    expect(await screen.findByText('Nobody is waiting')).toBeTruthy();
  });

  it('a member who may not write the store sees the list without the form', async () => {
    const gateway = new FakeBookingGateway();
    gateway.waitlist = [waitlistRow(5)];
    mountBooking({ path: PATH, gateway, rank: 5 });
    expect(await screen.findByTestId('read-only-note')).toBeTruthy();
    expect(screen.queryByTestId('waitlist-add')).toBeNull();
    expect(screen.queryByTestId('waitlist-remove')).toBeNull();
  });
});
