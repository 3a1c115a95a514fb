/** @jest-environment jsdom */
import type { RealtimeMessage, ShellBridge } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import type { Treatment } from './treatments-api';

const ORGA = TEST_ORGA;
const LIST = `/api/v1/orga/${ORGA}/treatments`;

const treatment = (i: number, extra: Partial<Treatment> = {}): Treatment => ({
  id: `t0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  orga_id: ORGA,
  name: `Trattamento ${i}`,
  archive: false,
  default_duration: 60,
  default_price: 0,
  color: null,
  ...extra,
});
const bath = treatment(1, { name: 'Bagno', default_duration: 45, default_price: 2550, color: '#1565c0' });
const nails = treatment(2, { name: 'Unghie', default_duration: 15, default_price: 800 });
const oldCut = treatment(3, { name: 'Taglio vecchio', archive: true });

type Answer = { status?: number; body: unknown };

/**
 * The settings remote at /{orga}/settings/treatments over a fake gateway behind fetch: `catalogue` is
 * what the list answers (changed by the test's writes through `answer`).
 */
function mount({
  catalogue,
  answer,
  language = 'it',
}: {
  catalogue: () => Treatment[] | Answer;
  answer?: (method: string, path: string, body: unknown) => Answer | undefined;
  language?: ShellBridge['language'];
}) {
  const queries: string[] = [];
  const mounted = mountOrgaSettings(
    'treatments',
    ({ method, path, body }, url) => {
      if (method === 'GET' && path === LIST) {
        queries.push(url.search);
        const listed = catalogue();
        return Array.isArray(listed) ? { body: listed } : listed;
      }
      return answer?.(method, path, body) ?? { status: 404, body: { code: 'not_found', message: 'Non trovato' } };
    },
    { language },
  );
  const emit = (m: Partial<RealtimeMessage>) =>
    act(() =>
      mounted.emit({ scope: 'treatment', channel: ORGA, store_id: null, data: bath.id, event: 'updated', user: null, device: null, ...m }),
    );
  return { ...mounted, emit, queries, lists: () => queries.length };
}

const row = (t: Treatment) => screen.findByTestId(`treatment-${t.id}`);
const input = (dialog: HTMLElement, name: string) => dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('treatments page', () => {
  it('lists the active treatments in Italian with minutes, price and colour; archived ones behind the toggle', async () => {
    const { queries } = mount({ catalogue: () => [nails, oldCut, bath] });
    const first = await row(bath);
    expect(first.textContent).toContain('Bagno');
    expect(first.textContent).toContain('45 min');
    expect(first.textContent).toContain('25,50');
    expect(within(first).getByTestId('treatment-swatch').getAttribute('title')).toBe('#1565c0');
    expect((await row(nails)).textContent).toContain('8,00');
    // sorted by name, archived left out
    const rows = within(screen.getByTestId('treatments-table')).getAllByTestId(/^treatment-t0/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([`treatment-${bath.id}`, `treatment-${nails.id}`]);
    expect(screen.queryByTestId(`treatment-${oldCut.id}`)).toBeNull();
    expect(queries).toEqual(['?include_archived=true']);

    fireEvent.click(screen.getByText('Mostra archiviati (1)'));
    const archived = await row(oldCut);
    expect(archived.textContent).toContain('Archiviato');
    expect(within(archived).getByText('Ripristina')).toBeTruthy();
  });

  it('R5.01 validates the new treatment per field in Italian, then creates it with a preset colour and lists it', async () => {
    let catalogue: Treatment[] = [bath];
    const created = treatment(9, { name: 'Tosatura', default_duration: 90, default_price: 4000, color: '#2e7d32' });
    const { sent, bridge } = mount({
      catalogue: () => catalogue,
      answer: (method, path) => {
        if (method !== 'POST' || path !== `/api/v1/orga/${ORGA}/treatment`) return undefined;
        catalogue = [bath, created];
        return { status: 201, body: created };
      },
    });
    await row(bath);
    fireEvent.click(screen.getByTestId('new-treatment'));
    const dialog = await screen.findByTestId('treatment-dialog');
    fireEvent.change(input(dialog, 'duration'), { target: { value: '0' } });
    fireEvent.change(input(dialog, 'price'), { target: { value: '12,345' } });
    // typed text is kept to an amount: two decimals at most
    expect(input(dialog, 'price').value).toBe('12,34');
    fireEvent.change(input(dialog, 'price'), { target: { value: '99999999' } });
    fireEvent.click(within(dialog).getByTestId('treatment-dialog-save'));
    expect(await within(dialog).findByText('Obbligatorio')).toBeTruthy();
    expect(within(dialog).getByText('Inserisci i minuti, un numero intero da 1 a 1440')).toBeTruthy();
    expect(within(dialog).getByText('Inserisci un importo da 0 a 1000000 con al massimo due decimali')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);

    fireEvent.change(input(dialog, 'name'), { target: { value: ' Tosatura ' } });
    fireEvent.change(input(dialog, 'duration'), { target: { value: '90' } });
    fireEvent.change(input(dialog, 'price'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByTestId('colour-preset-3'));
    expect(within(dialog).getByTestId('colour-preset-3').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByTestId('treatment-dialog-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      name: 'Tosatura',
      default_duration: 90,
      default_price: 4000,
      color: '#2e7d32',
    });
    expect(await row(created)).toBeTruthy();
    expect(screen.queryByTestId('treatment-dialog')).toBeNull();
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Le modifiche sono state salvate.');
  });

  it('edits only what changed: a new price and the colour removed', async () => {
    let catalogue: Treatment[] = [bath];
    const { sent } = mount({
      catalogue: () => catalogue,
      answer: (method, path, body) => {
        if (method !== 'PATCH' || path !== `/api/v1/orga/${ORGA}/treatment/${bath.id}`) return undefined;
        const changed = { ...bath, default_price: 3000, color: null, ...(body as object) };
        catalogue = [changed];
        return { body: changed };
      },
    });
    fireEvent.click(within(await row(bath)).getByTestId('edit-treatment'));
    const dialog = await screen.findByTestId('treatment-dialog');
    expect(input(dialog, 'name').value).toBe('Bagno');
    expect(input(dialog, 'duration').value).toBe('45');
    expect(input(dialog, 'price').value).toBe('25,50');
    expect(within(dialog).getByTestId('colour-preset-1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(input(dialog, 'price'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByTestId('colour-none'));
    fireEvent.click(within(dialog).getByTestId('treatment-dialog-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ default_price: 3000, color: null });
    await waitFor(() => expect(screen.queryByTestId('treatment-swatch')).toBeNull());
    expect((await row(bath)).textContent).toContain('30,00');
  });

  it('archives only after the confirmation, and restores from the archived list', async () => {
    let catalogue: Treatment[] = [bath, nails];
    const { sent, bridge } = mount({
      catalogue: () => catalogue,
      answer: (method, path, body) => {
        if (method !== 'PATCH') return undefined;
        const archive = (body as { archive: boolean }).archive;
        catalogue = catalogue.map((t) => (path.endsWith(t.id) ? { ...t, archive } : t));
        return { body: catalogue.find((t) => path.endsWith(t.id)) };
      },
    });
    fireEvent.click(within(await row(nails)).getByTestId('archive-treatment'));
    expect(await screen.findByText(/Unghie” non si potrà più scegliere/)).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId(`treatment-${nails.id}`)).toBeNull());
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => [s.path, s.body])).toEqual([
      [`/api/v1/orga/${ORGA}/treatment/${nails.id}`, { archive: true }],
    ]);
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Trattamento archiviato');

    fireEvent.click(screen.getByText('Mostra archiviati (1)'));
    fireEvent.click(within(await row(nails)).getByTestId('restore-treatment'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, '“Unghie” è di nuovo disponibile'));
    expect(sent.filter((s) => s.method === 'PATCH').at(-1)?.body).toEqual({ archive: false });
    await waitFor(() => expect(within(screen.getByTestId(`treatment-${nails.id}`)).queryByText('Archiviato')).toBeNull());
  });

  it("keeps the dialog open with the server's message when a save is refused, and changes nothing in the list", async () => {
    const { bridge } = mount({
      catalogue: () => [bath],
      answer: (method) =>
        method === 'POST'
          ? {
              status: 400,
              body: { code: 'validation_failed', message: 'Alcuni campi non sono validi.', fields: { color: "A colour as '#rrggbb'" } },
            }
          : undefined,
    });
    await row(bath);
    fireEvent.click(screen.getByTestId('new-treatment'));
    const dialog = await screen.findByTestId('treatment-dialog');
    fireEvent.change(input(dialog, 'name'), { target: { value: 'Bagno e taglio' } });
    fireEvent.click(within(dialog).getByTestId('treatment-dialog-save'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'Alcuni campi non sono validi.'));
    expect(screen.getByTestId('treatment-dialog')).toBeTruthy();
    // the field's message in the user's language, not the server's English text
    expect(within(dialog).getByText('Scegli un colore')).toBeTruthy();
    expect(within(dialog).queryByText("A colour as '#rrggbb'")).toBeNull();
    expect(within(screen.getByTestId('treatments-table')).getAllByTestId(/^treatment-t0/)).toHaveLength(1);
  });

  it('shows the error state with a retry, then the empty state of a new salon', async () => {
    let fail = true;
    mount({
      catalogue: () => (fail ? { status: 503, body: { code: 'unavailable', message: 'Servizio non disponibile' } } : []),
    });
    expect(await screen.findByText('Servizio non disponibile')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByText('Ancora nessun trattamento')).toBeTruthy();
  });

  it('says every treatment is archived rather than that there are none', async () => {
    mount({ catalogue: () => [oldCut] });
    expect(await screen.findByText('Tutti i trattamenti sono archiviati')).toBeTruthy();
  });

  it("refetches when another device changes a treatment of this organization (realtime scope 'treatment')", async () => {
    let catalogue: Treatment[] = [bath];
    const { emit, lists } = mount({ catalogue: () => catalogue });
    await row(bath);
    expect(lists()).toBe(1);
    emit({ scope: 'appointment' });
    emit({ channel: 'another-orga' });
    expect(lists()).toBe(1);
    catalogue = [bath, nails];
    emit({ event: 'created', data: nails.id });
    expect(await row(nails)).toBeTruthy();
    expect(lists()).toBe(2);
  });

  it('speaks the language of the user (German)', async () => {
    mount({ catalogue: () => [bath, oldCut], language: 'de' });
    expect((await row(bath)).textContent).toContain('45 Min.');
    expect(screen.getByText('Archivierte anzeigen (1)')).toBeTruthy();
    expect(screen.getByText('Neue Behandlung')).toBeTruthy();
  });
});
