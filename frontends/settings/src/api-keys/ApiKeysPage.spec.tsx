/** @jest-environment jsdom */
import { organizationOf, personUserOf, storeOf } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeIdentity } from '../testing/fake-identity';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import type { ApiKey } from './api-keys-api';

const KEYS = `/api/v1/orga/${TEST_ORGA}/api_key`;
const MILANO = storeOf({ id: '51000000-0000-4000-8000-000000000001', orga_id: TEST_ORGA, name: 'Milano' });
const TORINO = storeOf({ id: '51000000-0000-4000-8000-000000000002', orga_id: TEST_ORGA, name: 'Torino' });
const SECRET = `pwk_${'Q'.repeat(43)}`;

const keyOf = (i: number, fields: Partial<ApiKey> = {}): ApiKey => ({
  id: `a0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Key ${i}`,
  prefix: 'pwk_AbCdEf',
  scopes: ['calendar:read'],
  store_ids: null,
  expires_at: null,
  created_at: '2026-12-01T09:00:00.000Z',
  last_used_at: null,
  ...fields,
});

const identity = () =>
  new FakeIdentity({
    orga: organizationOf({ id: TEST_ORGA, name: 'Salone Fido', stores: [MILANO, TORINO] }),
    user: personUserOf({ id: 'u1', email: 'ada@example.com', language: 'it', orga_id: TEST_ORGA }),
  });
const row = (key: ApiKey) => screen.findByTestId(`api-key-${key.id}`);
const field = (dialog: HTMLElement, name: string) => dialog.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('API keys page (issue 33)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the keys with their access, stores, expiry and last use, in Italian', async () => {
    const website = keyOf(1, { name: 'Sito web', scopes: ['calendar:read', 'customers:write'], last_used_at: '2026-12-06T15:30:00.000Z' });
    const front = keyOf(2, { name: 'Reception', store_ids: [TORINO.id], expires_at: '2020-01-01T00:00:00.000Z' });
    mountOrgaSettings('api-keys', (r) => (r.method === 'GET' && r.path === KEYS ? { body: { keys: [website, front] } } : undefined), {
      identity: identity(),
    });
    const first = await row(website);
    expect(first.textContent).toContain('Calendario: Lettura');
    expect(first.textContent).toContain('Clienti e animali: Lettura e scrittura');
    expect(first.textContent).toContain('Tutti i negozi');
    expect(first.textContent).toContain('Mai');
    expect(first.textContent).not.toContain('Mai usata');
    const second = await row(front);
    await waitFor(() => expect(second.textContent).toContain('Torino'));
    expect(second.textContent).toContain('Scaduta');
    expect(second.textContent).toContain('Mai usata');
    expect(screen.getByText('Chiavi API')).toBeTruthy();
  });

  it('shows the empty state without keys', async () => {
    mountOrgaSettings('api-keys', (r) => (r.method === 'GET' && r.path === KEYS ? { body: { keys: [] } } : undefined), {
      identity: identity(),
    });
    expect(await screen.findByText('Ancora nessuna chiave API')).toBeTruthy();
  });

  it('checks the form before sending, creates the key, shows its secret once with copy, and lists it', async () => {
    let listed: ApiKey[] = [];
    const created = keyOf(3, { name: 'Contabilità', scopes: ['calendar:read', 'booking:write'], store_ids: [MILANO.id] });
    const { sent, bridge } = mountOrgaSettings(
      'api-keys',
      (r) => {
        if (r.method === 'GET' && r.path === KEYS) return { body: { keys: listed } };
        if (r.method === 'POST' && r.path === KEYS) {
          listed = [created];
          return { status: 201, body: { key: created, secret: SECRET } };
        }
        return undefined;
      },
      { identity: identity() },
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await screen.findByText('Ancora nessuna chiave API');
    fireEvent.click(screen.getByTestId('new-api-key'));
    const dialog = await screen.findByTestId('api-key-dialog');
    fireEvent.change(field(dialog, 'access-calendar'), { target: { value: 'none' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tutti i negozi, anche quelli aggiunti in seguito' }));
    fireEvent.change(field(dialog, 'expires_on'), { target: { value: '2020-05-01' } });
    fireEvent.click(within(dialog).getByTestId('api-key-dialog-save'));
    expect(await within(dialog).findByText('Obbligatorio')).toBeTruthy();
    expect(within(dialog).getByText("Scegli l'accesso ad almeno un'area")).toBeTruthy();
    expect(within(dialog).getByText('Scegli almeno un negozio')).toBeTruthy();
    expect(within(dialog).getByText('Scegli un giorno dopo oggi')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);

    fireEvent.change(field(dialog, 'name'), { target: { value: ' Contabilità ' } });
    fireEvent.change(field(dialog, 'access-calendar'), { target: { value: 'read' } });
    fireEvent.change(field(dialog, 'access-booking'), { target: { value: 'write' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Milano' }));
    fireEvent.change(field(dialog, 'expires_on'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('api-key-dialog-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      name: 'Contabilità',
      scopes: ['calendar:read', 'booking:write'],
      store_ids: [MILANO.id],
      expires_at: null,
    });

    const secret = await screen.findByTestId('api-key-secret');
    expect(within(secret).getByTestId('api-key-secret-value').textContent).toBe(SECRET);
    expect(secret.textContent).toContain('«Contabilità»');
    fireEvent.click(within(secret).getByTestId('copy-api-key'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Chiave copiata'));
    fireEvent.click(screen.getByText("L'ho copiata"));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    // the secret is gone from the screen for good: the list shows the prefix only
    expect((await row(created)).textContent).toContain('Milano');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a key after a confirmation naming it; cancelling sends nothing', async () => {
    const website = keyOf(1, { name: 'Sito web' });
    let listed = [website];
    const { sent, bridge } = mountOrgaSettings(
      'api-keys',
      (r) => {
        if (r.method === 'GET' && r.path === KEYS) return { body: { keys: listed } };
        if (r.method === 'DELETE' && r.path === `${KEYS}/${website.id}`) {
          listed = [];
          return { body: { id: website.id, revoked_at: '2026-12-07T10:00:00.000Z' } };
        }
        return undefined;
      },
      { identity: identity() },
    );
    fireEvent.click(within(await row(website)).getByTestId('revoke-api-key'));
    expect(await screen.findByText(/I programmi che usano «Sito web» perdono subito l'accesso/)).toBeTruthy();
    fireEvent.click(screen.getByText('Annulla'));
    await waitFor(() => expect(screen.queryByText(/perdono subito l'accesso/)).toBeNull());
    expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(await row(website)).getByTestId('revoke-api-key'));
    const dialog = (await screen.findByText(/perdono subito l'accesso/)).closest('[role="alertdialog"], [role="dialog"]') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoca' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Ancora nessuna chiave API')).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, '«Sito web» revocata');
  });
});
