/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { API_ROUTES, ApiLayerProvider, fakeShell, type ApiLayer } from '@pawline/api-client';
import type { Language, SearchEverywhereResult } from '@pawline/contracts';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { CommandPalette } from './CommandPalette';

jest.setTimeout(30_000);

// what jsdom lacks and cmdk calls: it scrolls the chosen row into view and measures its list
beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const MARIA = '11111111-1111-4111-8111-111111111111';
const FIDO = '22222222-2222-4222-8222-222222222222';
const VISIT = '33333333-3333-4333-8333-333333333333';

const MARIA_ROW: SearchEverywhereResult['customers'][number] = {
  id: MARIA,
  first_name: 'Maria',
  last_name: 'Hall',
  fon: '+39 333 1234567',
  fon_2: null,
  pet_names: ['Fido'],
  phone_match: null,
};
const FOUND: SearchEverywhereResult = {
  customers: [MARIA_ROW],
  pets: [{ id: FIDO, name: 'Fido', customer_id: MARIA, owner_first_name: 'Maria', owner_last_name: 'Hall' }],
  appointments: [
    {
      id: VISIT,
      date: '2026-12-09',
      hour: 9,
      min: 30,
      starts_at: '2026-12-09T08:30:00.000Z',
      app_name: null,
      pet_names: ['Fido'],
      customer_id: MARIA,
      customer_first_name: 'Maria',
      customer_last_name: 'Hall',
    },
  ],
};
const NOTHING: SearchEverywhereResult = { customers: [], pets: [], appointments: [] };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

type Answer = SearchEverywhereResult | Error;

function mount(answers: Answer[], language: Language = 'en') {
  const request = jest.fn(async (route: unknown, _input: { query: { q: string } }) => {
    if (route !== API_ROUTES.searchEverywhere) throw new Error('unexpected route');
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const { Shell } = fakeShell();
  const layer: ApiLayer = { http: { request } as unknown as ApiLayer['http'], feedback: { success: jest.fn(), failure: jest.fn() } };
  render(
    <Shell>
      <ApiLayerProvider layer={layer}>
        <ChakraProvider value={pawlineSystem}>
          <I18nProvider language={language}>
            <MemoryRouter initialEntries={['/o1/store/s1']}>
              <input data-testid="elsewhere" />
              <CommandPalette orgaId="o1" storeId="s1" />
              <Where />
            </MemoryRouter>
          </I18nProvider>
        </ChakraProvider>
      </ApiLayerProvider>
    </Shell>,
  );
  return { request };
}

const asked = (request: jest.Mock) => request.mock.calls.map((call) => (call[1] as { query: { q: string } }).query.q);
const type = (text: string) => fireEvent.change(screen.getByTestId('palette-input'), { target: { value: text } });

describe('CommandPalette (issue 29 search everywhere)', () => {
  it('opens with Ctrl-K, hints below two characters without asking, and asks once when typing pauses', async () => {
    const { request } = mount([FOUND]);
    expect(screen.queryByTestId('command-palette')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('palette-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    type('F');
    expect(screen.getByTestId('palette-status').textContent).toBe(
      'Type at least two letters or digits: a customer, a pet, a phone number.',
    );
    type('Fi');
    type('Fid');
    type('Fido');
    expect(screen.getByTestId('palette-status').textContent).toBe('Searching…');
    await screen.findByText('Maria Hall');
    expect(asked(request)).toEqual(['Fido']);
    expect(screen.getByTestId('palette-status').textContent).toBe('');
  });

  it('groups customers, pets with their owner and upcoming appointments; arrows and Enter open the pet, a click the appointment’s day', async () => {
    mount([FOUND]);
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    type('fido');
    await screen.findByText('Maria Hall');
    expect(
      screen
        .getAllByTestId(/^palette-/)
        .filter((e) => e.hasAttribute('cmdk-item'))
        .map((e) => e.textContent),
    ).toEqual(['Maria Hall · +39 333 1234567 · Fido', 'Fido · Owner: Maria Hall', 'Wed, Dec 9 09:30 · Fido · Maria Hall']);
    const input = screen.getByTestId('palette-input');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByTestId('palette-pets').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe(`/o1/store/s1/pet/${FIDO}`);
    await waitFor(() => expect(screen.queryByTestId('command-palette')).toBeNull());

    fireEvent.click(screen.getByTestId('palette-button'));
    type('fido');
    fireEvent.click(await screen.findByTestId('palette-appointments'));
    expect(screen.getByTestId('where').textContent).toBe(`/o1/store/s1?day=2026-12-09&appointment=${VISIT}`);
  });

  it('names the phone number a phone term found and opens its customer', async () => {
    mount([{ ...FOUND, pets: [], appointments: [], customers: [{ ...MARIA_ROW, phone_match: '+39 333 1234567' }] }]);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    type('333 12');
    fireEvent.click(await screen.findByTestId('palette-phones'));
    expect(screen.getByTestId('where').textContent).toBe(`/o1/store/s1/customer/${MARIA}`);
  });

  it('`/` opens it only where nothing is typed', async () => {
    mount([NOTHING]);
    const elsewhere = screen.getByTestId('elsewhere');
    fireEvent.keyDown(elsewhere, { key: '/' });
    expect(screen.queryByTestId('command-palette')).toBeNull();
    fireEvent.keyDown(document.body, { key: '/' });
    await screen.findByTestId('command-palette');
  });

  it('says when nothing is found, and when the search failed offers to try again', async () => {
    const { request } = mount([NOTHING, new Error('down'), FOUND]);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    type('zzz');
    await waitFor(() => expect(screen.getByTestId('palette-status').textContent).toBe('Nothing found for “zzz”.'));
    type('fido');
    await waitFor(() => expect(screen.getByTestId('palette-status').textContent).toBe('The search did not answer. Try again.'), {
      timeout: 15_000,
    });
    fireEvent.click(screen.getByTestId('palette-retry'));
    await screen.findByText('Maria Hall');
    expect(asked(request).slice(0, 2)).toEqual(['zzz', 'fido']);
  });

  it('Escape closes it and gives the focus back', async () => {
    mount([NOTHING]);
    const button = screen.getByTestId('palette-button');
    button.focus();
    fireEvent.click(button);
    const input = await screen.findByTestId('palette-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('command-palette')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it.each([
    ['it', 'Scrivi almeno due lettere o cifre: un cliente, un animale, un numero di telefono.', 'Cerca ovunque (Ctrl+K)'],
    ['de', 'Mindestens zwei Buchstaben oder Ziffern eingeben: ein Kunde, ein Tier, eine Telefonnummer.', 'Überall suchen (Strg+K)'],
    ['fr', 'Tapez au moins deux lettres ou chiffres : un client, un animal, un numéro de téléphone.', 'Rechercher partout (Ctrl+K)'],
  ] as const)('speaks %s', async (language, hint, button) => {
    mount([NOTHING], language);
    expect(screen.getByTestId('palette-button').getAttribute('aria-label')).toBe(button);
    fireEvent.click(screen.getByTestId('palette-button'));
    await waitFor(() => expect(screen.getByTestId('palette-status').textContent).toBe(hint));
  });
});
