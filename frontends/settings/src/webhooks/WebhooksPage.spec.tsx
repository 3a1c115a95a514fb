/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import type { WebhookDelivery, WebhookEndpoint } from './webhooks-api';

const HOOKS = `/api/v1/orga/${TEST_ORGA}/webhook`;
const SECRET = `whsec_${'Z'.repeat(43)}`;

const endpointOf = (i: number, fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: `b0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  url: `https://crm${i}.example.com/pawline`,
  description: '',
  events: ['appointment.created'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  secret_prefix: 'whsec_AbCd',
  previous_secret_until: null,
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
  ...fields,
});
const deliveryOf = (i: number, endpoint: WebhookEndpoint, fields: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  endpoint_id: endpoint.id,
  event_id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  event_type: 'appointment.created',
  status: 'delivered',
  attempts: 1,
  response_code: 200,
  error: null,
  created_at: '2026-12-07T09:00:00.000Z',
  last_attempt_at: '2026-12-07T09:00:01.000Z',
  next_attempt_at: null,
  delivered_at: '2026-12-07T09:00:01.000Z',
  ...fields,
});
const row = (endpoint: WebhookEndpoint) => screen.findByTestId(`webhook-${endpoint.id}`);
const field = (dialog: HTMLElement, name: string) => dialog.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('webhooks page (issue 33)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the endpoints with their events and state, in Italian', async () => {
    const crm = endpointOf(1, { description: 'CRM', events: ['appointment.created', 'customer.created'] });
    const off = endpointOf(2, {
      enabled: false,
      disabled_reason: 'failing',
      failing_since: '2026-12-01T09:00:00.000Z',
      previous_secret_until: '2026-12-08T09:00:00.000Z',
    });
    mountOrgaSettings('webhooks', (r) => (r.method === 'GET' && r.path === HOOKS ? { body: { endpoints: [crm, off] } } : undefined));
    const first = await row(crm);
    expect(first.textContent).toContain('https://crm1.example.com/pawline');
    expect(first.textContent).toContain('Appuntamento creato, Cliente creato');
    expect(first.textContent).toContain('Attivo');
    expect(first.textContent).toContain('whsec_AbCd…');
    // only a secret rotated within the day says the replaced one still signs
    expect(within(first).queryByTestId('webhook-previous-secret')).toBeNull();
    expect(within(await row(off)).getByTestId('webhook-previous-secret').textContent).toMatch(/^anche il precedente fino a 8 dic/);
    expect((await row(off)).textContent).toContain('Disattivato dopo tre giorni di errori');
    expect(within(await row(off)).getByTestId('switch-webhook').textContent).toBe('Attiva');
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    mountOrgaSettings('webhooks', (r) =>
      r.method === 'GET' && r.path === HOOKS
        ? fail
          ? { status: 503, body: { code: 'service_unavailable', message: 'Servizio non disponibile' } }
          : { body: { endpoints: [] } }
        : undefined,
    );
    expect(await screen.findByText('Non è stato possibile caricare i tuoi dati')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByText('Ancora nessun webhook')).toBeTruthy();
  });

  it('checks the form, creates the endpoint, shows its secret once with copy, and shows the server refusing an address at the field', async () => {
    let listed: WebhookEndpoint[] = [];
    const created = endpointOf(3, { events: ['appointment.created', 'booking_request.received'] });
    let refuse = true;
    const { sent, bridge } = mountOrgaSettings('webhooks', (r) => {
      if (r.method === 'GET' && r.path === HOOKS) return { body: { endpoints: listed } };
      if (r.method === 'POST' && r.path === HOOKS) {
        if (refuse)
          return {
            status: 400,
            body: { code: 'validation_failed', message: 'Dati non validi', fields: { url: 'a private or reserved address' } },
          };
        listed = [created];
        return { status: 201, body: { endpoint: created, secret: SECRET } };
      }
      return undefined;
    });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await screen.findByText('Ancora nessun webhook');
    fireEvent.click(screen.getByTestId('new-webhook'));
    const dialog = await screen.findByTestId('webhook-dialog');
    fireEvent.click(within(dialog).getByTestId('webhook-dialog-save'));
    expect(await within(dialog).findByText('Obbligatorio')).toBeTruthy();
    expect(within(dialog).getByText('Scegli almeno un evento')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);

    fireEvent.change(field(dialog, 'url'), { target: { value: ' https://10.0.0.4/hook ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Richiesta di prenotazione ricevuta' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Appuntamento creato' }));
    fireEvent.click(within(dialog).getByTestId('webhook-dialog-save'));
    expect(await within(dialog).findByText('Questo indirizzo non può ricevere webhook: usa un indirizzo https:// pubblico')).toBeTruthy();

    refuse = false;
    fireEvent.change(field(dialog, 'url'), { target: { value: created.url } });
    fireEvent.click(within(dialog).getByTestId('webhook-dialog-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(2));
    expect(sent.filter((s) => s.method === 'POST')[1]?.body).toEqual({
      url: created.url,
      description: '',
      events: ['appointment.created', 'booking_request.received'],
    });
    const secret = await screen.findByTestId('webhook-secret');
    expect(within(secret).getByTestId('webhook-secret-value').textContent).toBe(SECRET);
    fireEvent.click(within(secret).getByTestId('copy-webhook-secret'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Segreto copiato');
    fireEvent.click(screen.getByText("L'ho copiata"));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect((await row(created)).textContent).toContain('whsec_AbCd…');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('opens the delivery log with status, answer, attempts and times, sends one again and sends a test event', async () => {
    const crm = endpointOf(1);
    const failing = deliveryOf(2, crm, {
      status: 'pending',
      attempts: 3,
      response_code: 500,
      next_attempt_at: '2026-12-07T09:10:00.000Z',
      delivered_at: null,
    });
    const fine = deliveryOf(1, crm);
    const log = `${HOOKS}/${crm.id}/deliveries`;
    const { sent } = mountOrgaSettings('webhooks', (r) => {
      if (r.method === 'GET' && r.path === HOOKS) return { body: { endpoints: [crm] } };
      if (r.method === 'GET' && r.path === log) return { body: { deliveries: [failing, fine], next_before: null } };
      if (r.method === 'POST' && r.path === `${HOOKS}/${crm.id}/delivery/${failing.id}/redeliver`)
        return { body: { ...failing, status: 'pending' } };
      if (r.method === 'POST' && r.path === `${HOOKS}/${crm.id}/ping`)
        return { status: 201, body: deliveryOf(3, crm, { event_type: 'ping' }) };
      return undefined;
    });
    fireEvent.click(within(await row(crm)).getByTestId('webhook-log'));
    const pending = await screen.findByTestId(`delivery-${failing.id}`);
    expect(pending.textContent).toContain('Appuntamento creato');
    expect(pending.textContent).toContain('In attesa');
    expect(pending.textContent).toContain('500');
    expect(pending.textContent).toContain('3');
    expect((await screen.findByTestId(`delivery-${fine.id}`)).textContent).toContain('Consegnato');
    fireEvent.click(within(pending).getByRole('button', { name: 'Invia di nuovo «Appuntamento creato»' }));
    await waitFor(() => expect(sent.filter((s) => s.path.endsWith('/redeliver'))).toHaveLength(1));
    fireEvent.click(screen.getByTestId('ping-webhook'));
    await waitFor(() => expect(sent.filter((s) => s.path.endsWith('/ping'))).toHaveLength(1));
    // both read the log again
    await waitFor(() => expect(sent.filter((s) => s.method === 'GET' && s.path === log).length).toBeGreaterThanOrEqual(3));
  });
});
