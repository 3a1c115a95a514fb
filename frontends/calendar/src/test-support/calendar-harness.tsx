import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  organizationUserOf,
  personUserOf,
  RemoteApiProvider,
  storeOf,
  type ApiClient,
  type Organization,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem, snackbarFeedback } from '@pawline/ui';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CalendarRoutes } from '../routes';
import { FakeSchedulingGateway, ORGA, STORE } from './scheduling-gateway';

// The calendar remote mounted as the shell mounts it, for its jsdom tests: the real data layer over the
// in-memory gateway (scheduling-gateway.ts) behind fetch, a fresh QueryClient and the realtime table.

export { FakeSchedulingGateway, ORGA, STORE };

export const ANNA = organizationUserOf({
  id: '30000000-0000-4000-8000-0000000000a1',
  user_id: '30000000-0000-4000-8000-0000000000a2',
  first_name: 'Anna',
  last_name: 'Rossi',
  color_scheme: '#1b5e20:#2e7d32',
});
export const BEA = organizationUserOf({
  id: '30000000-0000-4000-8000-0000000000b1',
  user_id: '30000000-0000-4000-8000-0000000000b2',
  first_name: 'Bea',
  last_name: 'Neri',
});

export const ORGANIZATION: Organization = organizationOf({
  id: ORGA,
  stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main', time_zone: 'Europe/Rome' })],
  users: [ANNA, BEA],
});

type Mount = {
  gateway?: FakeSchedulingGateway;
  /** localStorage values before the page opens (the remembered view) */
  stored?: Record<string, string>;
  orga?: Organization;
  path?: string;
  language?: ShellBridge['language'];
};

export function mountCalendar({
  gateway = new FakeSchedulingGateway(),
  stored = {},
  orga = ORGANIZATION,
  path,
  language = 'en',
}: Mount = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const requests = fakeGatewayFetch(({ method, path: p, body }, url) => gateway.answer(method, p, body, url));
  const { Shell, realtime, client } = fakeShell();
  const bridge: ShellBridge = {
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn().mockResolvedValue(null),
    } as unknown as ApiClient,
    user: personUserOf({ id: 'u1', email: 'ada@example.com', language, orga_id: ORGA, created_at: '2026-11-01T00:00:00Z' }),
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    orga,
    subscribe: realtime.subscribe,
  };
  const router = createMemoryRouter([{ path: '/:orgaId/store/:storeId/*', element: <CalendarRoutes {...bridge} /> }], {
    initialEntries: [path ?? `/${ORGA}/store/${STORE}?day=2026-11-18`],
  });
  const view = render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Shell>,
  );
  const emit = (m: Partial<RealtimeMessage>) =>
    act(() =>
      realtime.send({ scope: 'appointment', channel: ORGA, store_id: STORE, data: null, event: 'created', user: null, device: null, ...m }),
    );
  /** The requests sent with this method to a path matching the pattern. */
  const sent = (method: string, pattern: RegExp) => requests.filter((r) => r.method === method && pattern.test(r.path));
  return { bridge, gateway, requests, sent, emit, client, view, notify: bridge.notify as jest.Mock };
}

// The grid body is 700 px wide from x=0 and starts at y=0; the first hour is 7:00 at 48 px an hour.
export function layoutGrid(body: HTMLElement): HTMLElement {
  body.getBoundingClientRect = () => ({
    top: 0,
    left: 0,
    width: 700,
    height: 800,
    right: 700,
    bottom: 800,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return body;
}

/** A component of the remote alone, on the data layer over `gateway` (dialogs): the bridge it was given. */
export function renderOnDataLayer(
  node: (bridge: ShellBridge) => ReactNode,
  gateway = new FakeSchedulingGateway(),
  language: ShellBridge['language'] = 'en',
) {
  const requests = fakeGatewayFetch(({ method, path: p, body }, url) => gateway.answer(method, p, body, url));
  const { Shell } = fakeShell();
  const bridge = {
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn().mockResolvedValue(null),
    } as unknown as ApiClient,
    user: personUserOf({ id: 'u1', language, orga_id: ORGA }),
    language,
    notify: jest.fn(),
    orga: ORGANIZATION,
  } as unknown as ShellBridge;
  render(
    <Shell>
      <RemoteApiProvider bridge={bridge} feedback={snackbarFeedback(bridge)}>
        <ChakraProvider value={pawlineSystem}>{node(bridge)}</ChakraProvider>
      </RemoteApiProvider>
    </Shell>,
  );
  return { bridge, requests, notify: bridge.notify as jest.Mock };
}
