/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, FakeBookingGateway, mountBooking, ORGA, policyRow, STORE } from '../testing/booking-harness';

const PATH = `${BASE}/no-shows`;
const POLICY = `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/no_show_policy`;

describe('the no-show policy screen', () => {
  it('shows a loading state, then an error the user can read when the policy cannot be loaded', async () => {
    const hanging = new FakeBookingGateway();
    hanging.hang = /no_show_policy$/;
    mountBooking({ path: PATH, gateway: hanging });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('says so when the policy cannot be loaded', async () => {
    const gateway = new FakeBookingGateway();
    gateway.failures.push({
      method: 'GET',
      path: /no_show_policy$/,
      status: 500,
      body: { code: 'internal', message: 'Si è verificato un errore.' },
    });
    mountBooking({ path: PATH, gateway, language: 'it' });
    expect(await screen.findByText('Non è stato possibile caricare i dati delle prenotazioni.')).toBeTruthy();
  });

  it('shows the defaults: nothing asked, so no deposit fields, and online booking never closed', async () => {
    mountBooking({ path: PATH });
    await screen.findByTestId('policy-page');
    expect(screen.getByTestId<HTMLSelectElement>('policy-protection').value).toBe('none');
    expect(screen.queryByTestId('policy-deposit_kind')).toBeNull();
    expect(screen.queryByTestId('policy-close_after_no_shows')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('policy-cancellation_window_hours').value).toBe('24');
  });

  it('saves a deposit policy with fees, closing after two no-shows, and the salon message in two languages', async () => {
    const gateway = new FakeBookingGateway();
    const { requests, bridge } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('policy-page');
    fireEvent.change(screen.getByTestId('policy-protection'), { target: { value: 'deposit' } });
    fireEvent.change(screen.getByTestId('policy-deposit_kind'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByTestId('policy-deposit_percent'), { target: { value: '25' } });
    fireEvent.change(screen.getByTestId('policy-cancellation_window_hours'), { target: { value: '48' } });
    fireEvent.change(screen.getByTestId('policy-no_show_fee'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('policy-late_cancellation_fee'), { target: { value: '12,50' } });
    fireEvent.click(screen.getByTestId('policy-close'));
    fireEvent.change(screen.getByTestId('policy-close_after_no_shows'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('policy-closed_message'), { target: { value: 'Please call us to book.' } });
    fireEvent.change(screen.getByTestId('policy-text-language'), { target: { value: 'it' } });
    expect(screen.getByTestId<HTMLTextAreaElement>('policy-closed_message').value).toBe('');
    fireEvent.change(screen.getByTestId('policy-closed_message'), { target: { value: 'Chiamaci per prenotare.' } });
    fireEvent.click(screen.getByTestId('policy-save'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'No-show policy saved.'));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: POLICY,
        body: {
          protection: 'deposit',
          deposit_kind: 'percent',
          deposit_amount: 0,
          deposit_percent: 25,
          cancellation_window_hours: 48,
          late_cancellation_fee: 1250,
          no_show_fee: 3000,
          card_required_for: 'risky_customers',
          close_after_no_shows: 2,
          closed_message: { en: 'Please call us to book.', it: 'Chiamaci per prenotare.' },
          widget_text: {},
          confirmation_text: {},
        },
      },
    ]);
    expect(gateway.policy.close_after_no_shows).toBe(2);
  });

  it('refuses a fee without a deposit or a card in the user language, without sending', async () => {
    const { requests } = mountBooking({ path: PATH, language: 'de' });
    await screen.findByTestId('policy-page');
    fireEvent.change(screen.getByTestId('policy-no_show_fee'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('policy-cancellation_window_hours'), { target: { value: '900' } });
    fireEvent.click(screen.getByTestId('policy-save'));
    expect(
      await screen.findByText(
        'Eine Gebühr kann nur mit einer Anzahlung oder einer hinterlegten Karte berechnet werden: Wählen Sie zuerst eines davon.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Eine ganze Zahl von 0 bis 336.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal of a field in the user language", async () => {
    const gateway = new FakeBookingGateway();
    gateway.failures.push({
      method: 'PUT',
      path: /no_show_policy$/,
      status: 400,
      body: { code: 'validation_failed', message: 'Dati non validi.', fields: { deposit_amount: 'validation.depositAmountRequired' } },
    });
    gateway.policy = policyRow({ protection: 'deposit', deposit_amount: 1500 });
    mountBooking({ path: PATH, gateway, language: 'it' });
    await screen.findByTestId('policy-page');
    fireEvent.click(screen.getByTestId('policy-save'));
    expect(await screen.findByText('Un acconto fisso deve avere un importo maggiore di zero.')).toBeTruthy();
  });

  it('a member who is not a store administrator reads the policy but cannot save it', async () => {
    const gateway = new FakeBookingGateway();
    gateway.policy = policyRow({ protection: 'card_hold', no_show_fee: 2000, close_after_no_shows: 3 });
    mountBooking({ path: PATH, gateway, rank: 3 });
    await screen.findByTestId('policy-page');
    expect(screen.getByTestId('read-only-note')).toBeTruthy();
    expect(screen.queryByTestId('policy-save')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('policy-no_show_fee').value).toBe('20,00');
    expect(screen.getByTestId<HTMLInputElement>('policy-close_after_no_shows').value).toBe('3');
  });
});
