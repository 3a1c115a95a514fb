/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import type { CrmSettings } from './customer-settings-form';

const SETTINGS = `/api/v1/orga/${TEST_ORGA}/crm_settings`;
const stored = (extra: Partial<CrmSettings> = {}): CrmSettings => ({
  orga_id: TEST_ORGA,
  mandatory_customer_info: ['fon', 'email'],
  pet_checkout: { weight: 'ask' },
  ...extra,
});

const checkbox = (field: string) => screen.getByTestId(`mandatory-${field}`).querySelector('input[type="checkbox"]') as HTMLInputElement;
const chosen = (field: string) => screen.getByTestId(`mandatory-${field}`).getAttribute('data-state') === 'checked';
const select = (field: string) => document.querySelector(`select[name="checkout_${field}"]`) as HTMLSelectElement;

describe('customer settings page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the mandatory customer fields and the pet questions as stored (Italian)', async () => {
    mountOrgaSettings('customers', (r) => (r.method === 'GET' && r.path === SETTINGS ? { body: stored() } : undefined));
    expect(await screen.findByText('Dati obbligatori del cliente')).toBeTruthy();
    expect(checkbox('fon').checked).toBe(true);
    expect(checkbox('email').checked).toBe(true);
    expect(checkbox('city').checked).toBe(false);
    expect(screen.getByText(/Scegline fino a 3 \(2 scelti\)/)).toBeTruthy();
    expect(select('weight').value).toBe('ask');
    expect(select('microchip').value).toBe('do_not_ask');
    expect([...select('microchip').options].map((o) => o.text)).toEqual(['Non chiedere', 'Chiedi', 'Chiedi, obbligatorio']);
    expect(screen.getByTestId<HTMLButtonElement>('save-customer-settings').disabled).toBe(true);
  });

  it('R5.13 a 4th mandatory field cannot be chosen, and the page says why', async () => {
    const { sent } = mountOrgaSettings('customers', (r) => (r.method === 'GET' ? { body: stored() } : undefined));
    await screen.findByText('Dati obbligatori del cliente');
    expect(screen.getByTestId('mandatory-limit').textContent).toBe('');
    fireEvent.click(checkbox('city'));
    await waitFor(() => expect(checkbox('city').checked).toBe(true));
    expect(screen.getByTestId('mandatory-limit').textContent).toBe(
      'Hai scelto 3 campi, il massimo consentito. Togline uno per sceglierne un altro.',
    );
    expect(checkbox('last_name').disabled).toBe(true);
    fireEvent.click(checkbox('last_name'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(chosen('last_name')).toBe(false);
    expect(['fon', 'email', 'city'].map(chosen)).toEqual([true, true, true]);
    // leaving one makes room again
    fireEvent.click(checkbox('email'));
    await waitFor(() => expect(checkbox('last_name').disabled).toBe(false));
    expect(screen.getByTestId('mandatory-limit').textContent).toBe('');
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(0);
  });

  it('R5.13 makes the microchip required at check-out and saves only what changed', async () => {
    let current = stored();
    const { sent, bridge } = mountOrgaSettings('customers', (r) => {
      if (r.method === 'GET') return { body: current };
      if (r.method === 'PUT' && r.path === SETTINGS) {
        const body = r.body as Partial<CrmSettings>;
        current = {
          ...current,
          mandatory_customer_info: body.mandatory_customer_info ?? current.mandatory_customer_info,
          pet_checkout: { ...current.pet_checkout, ...body.pet_checkout },
        };
        return { body: current };
      }
      return undefined;
    });
    await screen.findByText('Dati obbligatori del cliente');
    fireEvent.change(select('microchip'), { target: { value: 'ask_required' } });
    fireEvent.click(checkbox('last_name'));
    await waitFor(() => expect(chosen('last_name')).toBe(true));
    fireEvent.click(screen.getByTestId('save-customer-settings'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      mandatory_customer_info: ['fon', 'email', 'last_name'],
      pet_checkout: { microchip: 'ask_required' },
    });
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Le modifiche sono state salvate.'));
    expect(select('microchip').value).toBe('ask_required');
    expect(screen.getByTestId<HTMLButtonElement>('save-customer-settings').disabled).toBe(true);
  });

  it('R5.15 asks before leaving with unsaved changes, and stays when the user says no', async () => {
    const { router } = mountOrgaSettings('customers', (r) => (r.method === 'GET' ? { body: stored() } : undefined));
    await screen.findByText('Dati obbligatori del cliente');
    fireEvent.change(select('hair'), { target: { value: 'ask' } });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await act(() => router.navigate(`/${TEST_ORGA}/elsewhere`));
    expect(confirm).toHaveBeenCalledWith('Hai delle modifiche non salvate. Sei sicuro di voler uscire?');
    expect(screen.getByTestId('customer-settings-page')).toBeTruthy();
    confirm.mockReturnValue(true);
    await act(() => router.navigate(`/${TEST_ORGA}/elsewhere`));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it("keeps the form when the server refuses, with the server's message", async () => {
    const { bridge } = mountOrgaSettings(
      'customers',
      (r) => {
        if (r.method === 'GET') return { body: stored() };
        return { status: 400, body: { code: 'validation_failed', message: 'Einige Felder sind ungültig.' } };
      },
      'de',
    );
    expect(await screen.findByText('Pflichtangaben zum Kunden')).toBeTruthy();
    fireEvent.change(select('born'), { target: { value: 'ask' } });
    fireEvent.click(screen.getByTestId('save-customer-settings'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Einige Felder sind ungültig.'));
    expect(select('born').value).toBe('ask');
    expect(screen.getByTestId<HTMLButtonElement>('save-customer-settings').disabled).toBe(false);
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    mountOrgaSettings('customers', (r) =>
      r.method === 'GET'
        ? fail
          ? { status: 503, body: { code: 'unavailable', message: 'Servizio non disponibile' } }
          : { body: stored() }
        : undefined,
    );
    expect(await screen.findByText('Servizio non disponibile')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Riprova'));
    expect(await within(await screen.findByTestId('mandatory-customer-info')).findByText('Telefono')).toBeTruthy();
  });
});
