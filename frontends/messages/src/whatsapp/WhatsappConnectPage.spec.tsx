/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, mountMessages, ORGA } from '../testing/messages-harness';

const PATH = `${BASE}/whatsapp`;
const MSG = `/api/v1/orga/${ORGA}/msg`;
const WABA = '104996122399160';
const PHONE = '106540352242922';

type Sent = { method: string; path: string; body: unknown };

function account(status: 'not_connected' | 'connected' | 'disconnected', extra: Record<string, unknown> = {}) {
  const connected = status !== 'not_connected';
  return {
    orga_id: ORGA,
    status,
    connected_via: connected ? 'embedded_signup' : null,
    phone_number_id: connected ? PHONE : null,
    waba_id: connected ? WABA : null,
    display_phone_number: connected ? '+39 06 5550123' : null,
    display_name: connected ? 'Salone Fido' : null,
    quality_rating: connected ? 'GREEN' : null,
    messaging_limit: connected ? 'TIER_1K' : null,
    number_read_at: connected ? '2026-12-01T10:00:00Z' : null,
    connected_at: connected ? '2026-12-01T10:00:00Z' : null,
    disconnected_at: status === 'disconnected' ? '2026-12-02T10:00:00Z' : null,
    templates: { pending: connected ? 3 : 0, approved: connected ? 9 : 0, rejected: connected ? 1 : 0, paused: 0, disabled: 0, refused: 0 },
    errors: [],
    ...extra,
  };
}

/** The messaging routes of the connect screen, with the account's state moving as WhatsApp's would. */
function gateway(
  sent: Sent[],
  options: { status?: 'not_connected' | 'connected'; mode?: 'sandbox' | 'meta'; errors?: unknown[]; refuseManual?: boolean } = {},
) {
  let status: 'not_connected' | 'connected' | 'disconnected' = options.status ?? 'not_connected';
  return (url: URL, method: string, body: unknown) => {
    const path = decodeURIComponent(url.pathname);
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === `${MSG}/whatsapp/signup-config`)
      return {
        body:
          options.mode === 'meta'
            ? { mode: 'meta', app_id: '1234567890', config_id: '987654321', graph_version: 'v23.0', sandbox_popup_path: null }
            : { mode: 'sandbox', app_id: null, config_id: null, graph_version: null, sandbox_popup_path: '/dev/whatsapp/signup' },
      };
    if (path === `${MSG}/whatsapp` && method === 'GET') return { body: account(status, { errors: options.errors ?? [] }) };
    if (path === `${MSG}/whatsapp/connect` && method === 'POST') {
      status = 'connected';
      return { body: account(status) };
    }
    if (path === `${MSG}/whatsapp/connect-manual` && method === 'POST') {
      if (options.refuseManual)
        return {
          status: 400,
          body: {
            code: 'whatsapp_credentials_invalid',
            message: 'WhatsApp non ha riconosciuto questi dati.',
            fields: { access_token: 'whatsapp_credentials_invalid' },
          },
        };
      status = 'connected';
      return { body: account(status) };
    }
    if (path === `${MSG}/whatsapp` && method === 'DELETE') {
      status = 'disconnected';
      return { body: account(status) };
    }
    return undefined;
  };
}

function signupAnswers(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('Connect WhatsApp', () => {
  let open: jest.SpyInstance;
  beforeEach(() => {
    open = jest.spyOn(window, 'open').mockImplementation(() => ({ closed: false }) as Window);
  });
  afterEach(() => open.mockRestore());

  it('R1.06 issue 27 Embedded Signup on the sandbox: the popup answers a code, the number is connected and shown as Meta reports it', async () => {
    const sent: Sent[] = [];
    const { bridge } = mountMessages({ path: PATH, handler: gateway(sent) });
    expect((await screen.findByTestId('whatsapp-status')).textContent).toBe('Not connected');
    fireEvent.click(await screen.findByTestId('whatsapp-connect'));
    expect(open).toHaveBeenCalledWith(`/dev/whatsapp/signup?orga=${ORGA}`, 'whatsapp-signup', expect.stringContaining('popup'));
    // another site's message with the same shape changes nothing
    signupAnswers({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { waba_id: WABA }, code: 'stolen' }, 'https://evil.example');
    signupAnswers({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { waba_id: WABA, phone_number_id: PHONE }, code: 'sandbox-code-1' });
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: `${MSG}/whatsapp/connect`, body: { code: 'sandbox-code-1', waba_id: WABA, phone_number_id: PHONE } },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('whatsapp-status').textContent).toBe('Connected'));
    expect(screen.getByTestId('whatsapp-phone').textContent).toBe('+39 06 5550123');
    expect(screen.getByTestId('whatsapp-name').textContent).toBe('Salone Fido');
    expect(screen.getByTestId('whatsapp-quality').textContent).toBe('High');
    expect(screen.getByTestId('whatsapp-limit').textContent).toBe('1,000 customers a day');
    expect(screen.getByTestId('whatsapp-count-pending').textContent).toBe('Under review at WhatsApp: 3');
    expect(bridge.notify).toHaveBeenCalledWith(2, 'WhatsApp is connected. The templates are submitted to WhatsApp for review.');
    expect(screen.queryByTestId('whatsapp-manual')).toBeNull();
  });

  it('a cancelled sign-up or a blocked popup says so, and nothing is sent', async () => {
    const sent: Sent[] = [];
    mountMessages({ path: PATH, handler: gateway(sent), language: 'de' });
    fireEvent.click(await screen.findByTestId('whatsapp-connect'));
    signupAnswers({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'BUSINESS_INFO' } });
    expect((await screen.findByTestId('whatsapp-signup-error')).textContent).toBe(
      'Die Anmeldung wurde abgebrochen, bevor die Nummer verbunden war.',
    );
    open.mockReturnValue(null);
    fireEvent.click(screen.getByTestId('whatsapp-connect'));
    expect(screen.getByTestId('whatsapp-signup-error').textContent).toContain('Der Browser hat das Anmeldefenster blockiert');
    expect(sent).toEqual([]);
  });

  it('a popup closed without an answer ends the wait: Connect WhatsApp can be clicked again', async () => {
    const window = { closed: false };
    open.mockReturnValue(window);
    mountMessages({ path: PATH, handler: gateway([]) });
    const connect = await screen.findByTestId<HTMLButtonElement>('whatsapp-connect');
    fireEvent.click(connect);
    await waitFor(() => expect(connect.disabled).toBe(true));
    window.closed = true;
    await waitFor(() => expect(connect.disabled).toBe(false), { timeout: 4000 });
    expect(screen.queryByTestId('whatsapp-signup-error')).toBeNull();
  });

  it("R1.06 issue 27 the manual path: checked before sending, WhatsApp's refusal shown at the token in the user's language, nothing saved", async () => {
    const sent: Sent[] = [];
    mountMessages({ path: PATH, handler: gateway(sent, { refuseManual: true }), language: 'it' });
    const manual = await screen.findByTestId('whatsapp-manual');
    fireEvent.change(screen.getByTestId('whatsapp-phone-number-id'), { target: { value: '+39 06 555' } });
    fireEvent.click(within(manual).getByTestId('whatsapp-connect-manual'));
    expect(manual.textContent).toContain('Solo cifre, da 5 a 30');
    expect(manual.textContent).toContain('Il token di accesso ha almeno 10 caratteri');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('whatsapp-phone-number-id'), { target: { value: PHONE } });
    fireEvent.change(screen.getByTestId('whatsapp-waba-id'), { target: { value: ` ${WABA} ` } });
    fireEvent.change(screen.getByTestId('whatsapp-access-token'), { target: { value: 'EAAG-not-a-real-token' } });
    fireEvent.click(within(manual).getByTestId('whatsapp-connect-manual'));
    await waitFor(() => expect(manual.textContent).toContain('WhatsApp non ha riconosciuto questi dati.'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `${MSG}/whatsapp/connect-manual`,
        body: { phone_number_id: PHONE, waba_id: WABA, access_token: 'EAAG-not-a-real-token' },
      },
    ]);
    expect(screen.getByTestId('whatsapp-status').textContent).toBe('Non collegato');
  });

  it("shows the errors WhatsApp reported in the user's words (Meta's title for a code it does not know), and disconnects keeping history", async () => {
    const sent: Sent[] = [];
    const errors = [
      { code: 131047, title: 'Re-engagement message', details: null, at: '2026-12-03T09:00:00Z' },
      { code: 999999, title: 'Something new', details: 'Meta explains it', at: '2026-12-02T09:00:00Z' },
    ];
    mountMessages({ path: PATH, handler: gateway(sent, { status: 'connected', errors }) });
    const shown = await screen.findAllByTestId('whatsapp-error');
    expect(shown[0].textContent).toContain("More than 24 hours have passed since the customer's last message");
    expect(shown[1].textContent).toContain('WhatsApp reported: Something new: Meta explains it');
    fireEvent.click(screen.getByTestId('whatsapp-disconnect'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      'No reminder or reply is sent from +39 06 5550123 any more',
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('whatsapp-status').textContent).toBe('Disconnected'));
    expect(sent).toEqual([{ method: 'DELETE', path: `${MSG}/whatsapp`, body: undefined }]);
    expect(screen.getByTestId('whatsapp-disconnected-note').textContent).toBe('Nothing is sent any more. Messages and history are kept.');
    // connecting again is offered
    expect(await screen.findByTestId('whatsapp-connect')).toBeTruthy();
  });

  it('a worker reads the number but cannot connect or disconnect', async () => {
    mountMessages({ path: PATH, rank: 3, handler: gateway([], { status: 'connected' }) });
    expect((await screen.findByTestId('whatsapp-status')).textContent).toBe('Connected');
    expect(screen.queryByTestId('whatsapp-disconnect')).toBeNull();
    expect(screen.queryByTestId('whatsapp-connect')).toBeNull();
  });

  it('on a Meta configuration without the SDK the manual path remains', async () => {
    mountMessages({ path: PATH, handler: gateway([], { mode: 'meta' }) });
    expect((await screen.findByTestId('whatsapp-signup-unavailable')).textContent).toContain("Meta's sign-up window cannot be opened");
    expect(screen.getByTestId('whatsapp-manual')).toBeTruthy();
  });
});
