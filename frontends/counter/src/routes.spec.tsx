/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  personUserOf,
  type ApiClient,
  type Language,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CounterRoutes } from './routes';

const ORGA = '22222222-2222-4222-8222-222222222222';

/** The gateway behind fetch: the organization as it is now, or a failure for the next reads. */
function gateway() {
  const state = { name: 'Salone Anna', failures: 0 };
  const requests = fakeGatewayFetch(({ method, path }) => {
    if (method !== 'GET' || path !== `/api/v1/orga/${ORGA}`) return undefined;
    if (state.failures > 0) {
      state.failures -= 1;
      return { status: 500, body: { code: 'internal', message: 'Errore del server.' } };
    }
    return { body: organizationOf({ id: ORGA, name: state.name }) };
  });
  return { state, requests };
}

// mounted the way the shell mounts it: under its route with a splat, inside the shell's QueryClient
function renderAt(path: string, language: Language) {
  const { Shell, realtime } = fakeShell();
  const bridge: ShellBridge = {
    api: { deviceId: 'dev', freshAccessToken: async () => 'token', refresh: async () => null } as unknown as ApiClient,
    user: personUserOf({ id: 'u1', first_name: 'Anna', orga_id: ORGA, language }),
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    subscribe: realtime.subscribe,
  };
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/o1/counter/*" element={<CounterRoutes {...bridge} />} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>
    </Shell>,
  );
  const send = (message: Partial<RealtimeMessage>) =>
    act(() =>
      realtime.send({ scope: 'orga', channel: ORGA, store_id: null, data: ORGA, event: 'updated', user: null, device: null, ...message }),
    );
  return { bridge, send };
}

describe('counter routes', () => {
  it('R1.03 shows its page in the user language, with the person and the organization read through the data layer', async () => {
    const { requests } = gateway();
    renderAt('/o1/counter', 'it');
    expect(screen.getByTestId('counter-page').textContent).toContain('Benvenuto, Anna.');
    expect((await screen.findByTestId('counter-orga')).textContent).toContain('Salone Anna');
    expect(requests).toEqual([{ method: 'GET', path: `/api/v1/orga/${ORGA}`, body: undefined }]);
  });

  it('shows a failed read with the server’s reason and reads again on retry', async () => {
    const { state } = gateway();
    state.failures = 1;
    renderAt('/o1/counter', 'it');
    expect((await screen.findByTestId('error-state')).textContent).toContain('Errore del server.');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect((await screen.findByTestId('counter-orga')).textContent).toContain('Salone Anna');
  });

  it('R4.20 a change of the organization elsewhere shows without reloading (the realtime table invalidates it)', async () => {
    const { state } = gateway();
    const { send } = renderAt('/o1/counter', 'en');
    await screen.findByText(/Salone Anna/);
    state.name = 'Salone Anna & Co';
    send({});
    expect(await screen.findByText(/Salone Anna & Co/)).toBeTruthy();
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', () => {
    gateway();
    renderAt('/o1/counter/nowhere', 'de');
    expect(screen.getByTestId('error-page').textContent).toContain('404 Nicht gefunden');
  });
});
