/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import type { ExternalService } from './external-services-api';

const LIST = `/api/v1/orga/${TEST_ORGA}/external_services`;
const ONE = `/api/v1/orga/${TEST_ORGA}/external_service`;
const service = (i: number, service_id: string, name: string): ExternalService => ({
  id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  orga_id: TEST_ORGA,
  service_id,
  name,
});
const vet = service(1, 'vetsoft', 'Vetsoft');
const books = service(2, 'contab', 'Contabilità');

const row = (s: ExternalService) => screen.findByTestId(`external-service-${s.id}`);
const input = (dialog: HTMLElement, name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('external services page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the services by name in Italian, with their ids', async () => {
    mountOrgaSettings('external-services', (r) => (r.method === 'GET' && r.path === LIST ? { body: [vet, books] } : undefined));
    expect((await row(books)).textContent).toContain('contab');
    const rows = within(screen.getByTestId('external-services-table')).getAllByTestId(/^external-service-e0/);
    expect(rows.map((r) => r.textContent?.slice(0, 8))).toEqual(['Contabil', 'Vetsoftv']);
    expect(screen.getByText('Servizi esterni')).toBeTruthy();
  });

  it('R5.14 refuses an id already used before sending, then creates the service and lists it', async () => {
    let listed = [vet];
    const created = service(3, 'shop', 'Negozio');
    const { sent, bridge } = mountOrgaSettings('external-services', (r) => {
      if (r.method === 'GET' && r.path === LIST) return { body: listed };
      if (r.method === 'POST' && r.path === ONE) {
        listed = [vet, created];
        return { status: 201, body: created };
      }
      return undefined;
    });
    await row(vet);
    fireEvent.click(screen.getByTestId('new-external-service'));
    const dialog = await screen.findByTestId('external-service-dialog');
    fireEvent.click(within(dialog).getByTestId('external-service-dialog-save'));
    expect(await within(dialog).findAllByText('Obbligatorio')).toHaveLength(2);
    fireEvent.change(input(dialog, 'name'), { target: { value: 'Negozio' } });
    fireEvent.change(input(dialog, 'service_id'), { target: { value: 'vetsoft' } });
    fireEvent.click(within(dialog).getByTestId('external-service-dialog-save'));
    expect(await within(dialog).findByText("L'id è già in uso")).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);

    fireEvent.change(input(dialog, 'service_id'), { target: { value: ' shop ' } });
    fireEvent.click(within(dialog).getByTestId('external-service-dialog-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ service_id: 'shop', name: 'Negozio' });
    expect(await row(created)).toBeTruthy();
    expect(screen.queryByTestId('external-service-dialog')).toBeNull();
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Le modifiche sono state salvate.');
  });

  it("R5.14 R8.04 shows the server's server_401 next to the service id when another device took it meanwhile", async () => {
    const { bridge } = mountOrgaSettings('external-services', (r) => {
      if (r.method === 'GET') return { body: [vet] };
      if (r.method === 'PUT' && r.path === `${ONE}/${vet.id}`)
        return { status: 409, body: { code: 'server_401', message: "L'id è già in uso", fields: { service_id: 'errors.server_401' } } };
      return undefined;
    });
    fireEvent.click(within(await row(vet)).getByTestId('edit-external-service'));
    const dialog = await screen.findByTestId('external-service-dialog');
    expect(input(dialog, 'service_id').value).toBe('vetsoft');
    fireEvent.change(input(dialog, 'service_id'), { target: { value: 'other' } });
    fireEvent.click(within(dialog).getByTestId('external-service-dialog-save'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, "L'id è già in uso"));
    expect(within(dialog).getByText("L'id è già in uso")).toBeTruthy();
    expect(screen.getByTestId('external-service-dialog')).toBeTruthy();
  });

  it('edits only what changed', async () => {
    let listed = [vet];
    const { sent } = mountOrgaSettings('external-services', (r) => {
      if (r.method === 'GET') return { body: listed };
      if (r.method === 'PUT') {
        listed = [{ ...vet, name: 'Vetsoft Pro' }];
        return { body: listed[0] };
      }
      return undefined;
    });
    fireEvent.click(within(await row(vet)).getByTestId('edit-external-service'));
    const dialog = await screen.findByTestId('external-service-dialog');
    fireEvent.change(input(dialog, 'name'), { target: { value: 'Vetsoft Pro' } });
    fireEvent.click(within(dialog).getByTestId('external-service-dialog-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({ method: 'PUT', path: `${ONE}/${vet.id}`, body: { name: 'Vetsoft Pro' } });
    expect(await screen.findByText('Vetsoft Pro')).toBeTruthy();
  });

  it('R5.15 asks before closing a changed dialog and keeps it open when the user stays', async () => {
    mountOrgaSettings('external-services', (r) => (r.method === 'GET' ? { body: [vet] } : undefined));
    await row(vet);
    fireEvent.click(screen.getByTestId('new-external-service'));
    const dialog = await screen.findByTestId('external-service-dialog');
    fireEvent.change(input(dialog, 'name'), { target: { value: 'Negozio' } });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(within(dialog).getByText('Annulla'));
    expect(confirm).toHaveBeenCalledWith('Hai delle modifiche non salvate. Sei sicuro di voler uscire?');
    expect(screen.getByTestId('external-service-dialog')).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.click(within(dialog).getByText('Annulla'));
    await waitFor(() => expect(screen.queryByTestId('external-service-dialog')).toBeNull());
  });

  it('deletes only after the confirmation', async () => {
    let listed = [vet, books];
    const { sent, bridge } = mountOrgaSettings('external-services', (r) => {
      if (r.method === 'GET') return { body: listed };
      if (r.method === 'DELETE' && r.path === `${ONE}/${vet.id}`) {
        listed = [books];
        return { body: { deleted: true, external_service_id: vet.id } };
      }
      return undefined;
    });
    fireEvent.click(within(await row(vet)).getByTestId('delete-external-service'));
    expect(await screen.findByText(/“Vetsoft” e il numero che ogni cliente vi ha/)).toBeTruthy();
    expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId(`external-service-${vet.id}`)).toBeNull());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([`${ONE}/${vet.id}`]);
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, '“Vetsoft” eliminato');
  });

  it('shows the error state with a retry, then the empty state (French)', async () => {
    let fail = true;
    mountOrgaSettings(
      'external-services',
      (r) =>
        r.method === 'GET'
          ? fail
            ? { status: 503, body: { code: 'unavailable', message: 'Service indisponible' } }
            : { body: [] }
          : undefined,
      'fr',
    );
    expect(await screen.findByText('Service indisponible')).toBeTruthy();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByText('Réessayer'));
    });
    expect(await screen.findByText("Aucun service externe pour l'instant")).toBeTruthy();
  });
});
