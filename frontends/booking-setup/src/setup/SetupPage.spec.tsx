/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, FakeBookingGateway, mountBooking, ORGA, STORE } from '../testing/booking-harness';

const PATH = `${BASE}/setup`;
const SETUP = `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/setup`;

describe('setup and embed', () => {
  it('shows a loading state, then the store’s setup', async () => {
    const gateway = new FakeBookingGateway();
    gateway.hang = /setup$/;
    mountBooking({ path: PATH, gateway });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('shows the setup: enabled, origins, notice, horizon, buffer, step and the store time zone', async () => {
    mountBooking({ path: PATH });
    await screen.findByTestId('setup-page');
    expect(screen.getByTestId<HTMLInputElement>('setup-enabled').checked).toBe(true);
    expect(screen.getByTestId<HTMLTextAreaElement>('setup-origins').value).toBe('https://salon-example.it');
    expect(screen.getByTestId<HTMLInputElement>('setup-min_notice_minutes').value).toBe('120');
    expect(screen.getByTestId<HTMLInputElement>('setup-horizon_days').value).toBe('60');
    expect(screen.getByTestId<HTMLInputElement>('setup-buffer_minutes').value).toBe('10');
    expect(screen.getByTestId<HTMLSelectElement>('setup-slot-step').value).toBe('15');
    expect(screen.getByText("Times are in the store's time zone: Europe/Rome.")).toBeTruthy();
  });

  it('saves the setup with one PATCH of its fields', async () => {
    const gateway = new FakeBookingGateway();
    const { requests, bridge } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('setup-page');
    fireEvent.change(screen.getByTestId('setup-origins'), { target: { value: 'https://salon-example.it\nhttps://www.salon-example.it/' } });
    fireEvent.change(screen.getByTestId('setup-horizon_days'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('setup-slot-step'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('setup-enabled'));
    fireEvent.click(screen.getByTestId('setup-save'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Booking setup saved.'));
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: SETUP,
        body: {
          enabled: false,
          allowed_origins: ['https://salon-example.it', 'https://www.salon-example.it'],
          min_notice_minutes: 120,
          horizon_days: 90,
          buffer_minutes: 10,
          slot_step_minutes: 30,
        },
      },
    ]);
    expect(gateway.setup.horizon_days).toBe(90);
    expect(screen.getByTestId('embed-disabled')).toBeTruthy();
  });

  it('refuses a line that is not an origin and a number out of range without sending', async () => {
    const { requests } = mountBooking({ path: PATH, language: 'it' });
    await screen.findByTestId('setup-page');
    fireEvent.change(screen.getByTestId('setup-origins'), { target: { value: 'salon-example.it' } });
    fireEvent.change(screen.getByTestId('setup-buffer_minutes'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('setup-save'));
    expect(await screen.findByText("Non è l'origine di un sito: salon-example.it")).toBeTruthy();
    expect(screen.getByText('Un numero intero da 0 a 240.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('shows the server’s field errors and message in the user language', async () => {
    const gateway = new FakeBookingGateway();
    gateway.failures.push({
      method: 'PATCH',
      path: /setup$/,
      status: 400,
      body: { code: 'validation', message: 'Dati non validi.', fields: { horizon_days: 'Al massimo 365.' } },
    });
    mountBooking({ path: PATH, gateway, language: 'it' });
    await screen.findByTestId('setup-page');
    fireEvent.click(screen.getByTestId('setup-save'));
    expect((await screen.findByTestId('setup-error')).textContent).toBe('Dati non validi.');
    expect(screen.getByText('Al massimo 365.')).toBeTruthy();
  });

  it('gives the widget a new public id after confirming, and the snippet follows', async () => {
    const gateway = new FakeBookingGateway();
    const { requests } = mountBooking({ path: PATH, gateway });
    await screen.findByTestId('setup-page');
    fireEvent.click(screen.getByTestId('setup-new-id'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('embed-snippet').textContent).toContain('store="zzzz9999yyyy8888"'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ new_public_id: true });
  });

  it('gives the embed code for each mode with the gateway’s script, and previews it in a sandboxed iframe', async () => {
    mountBooking({ path: PATH });
    await screen.findByTestId('setup-page');
    const script = `<script src="${window.location.origin}/booking-widget/pawline-booking.js" defer></script>`;
    const element = (mode: string) => `<pawline-booking store="abcd1234efgh5678" mode="${mode}" lang="en"></pawline-booking>`;
    expect(screen.getByTestId('embed-snippet').textContent).toBe(`${script}\n${element('inline')}`);
    for (const mode of ['popup', 'floating', 'inline']) {
      fireEvent.click(screen.getByTestId(`embed-mode-${mode}`));
      expect(screen.getByTestId('embed-snippet').textContent).toBe(`${script}\n${element(mode)}`);
      expect(screen.getByTestId(`embed-mode-${mode}`).getAttribute('aria-pressed')).toBe('true');
      const preview = screen.getByTestId<HTMLIFrameElement>('embed-preview');
      expect(preview.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
      expect(preview.getAttribute('srcdoc')).toContain(element(mode));
      expect(preview.getAttribute('srcdoc')).toContain(script);
    }
    fireEvent.change(screen.getByTestId('embed-lang'), { target: { value: 'de' } });
    expect(screen.getByTestId('embed-snippet').textContent).toContain('lang="de"');
  });

  it('copies the embed code to the clipboard', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mountBooking({ path: PATH });
    await screen.findByTestId('setup-page');
    fireEvent.click(screen.getByTestId('embed-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(screen.getByTestId('embed-snippet').textContent));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('R6.02 staff who are not store administrators read the setup without saving; the embed code is still there', async () => {
    const { requests } = mountBooking({ path: PATH, rank: 3 });
    await screen.findByTestId('setup-page');
    expect(screen.queryByTestId('setup-save')).toBeNull();
    expect(screen.queryByTestId('setup-new-id')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('setup-horizon_days').readOnly).toBe(true);
    expect(screen.getByTestId('embed-snippet').textContent).toContain('abcd1234efgh5678');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
