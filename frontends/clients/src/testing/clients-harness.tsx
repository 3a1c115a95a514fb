import { ChakraProvider } from '@chakra-ui/react';
import { fakeShell, personUserOf, type ApiClient, type PersonUser, type RealtimeMessage, type ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ClientsRoutes } from '../routes';

// What the clients remote's page tests share: the ids, the signed-in person, a customer row, a
// fake gateway behind fetch, and the remote mounted by a shell stand-in.

export const ORGA = '22222222-2222-4222-8222-222222222222';
export const STORE = '33333333-3333-4333-8333-333333333333';

export function personUser(language: PersonUser['language']): PersonUser {
  return personUserOf({ id: 'u1', email: 'ada@example.com', language, orga_id: ORGA, created_at: '2026-11-01T00:00:00Z' });
}

/** A customer of STORE as the gateway lists it, with everything optional left empty. */
export function customerRow(id: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    orga_id: ORGA,
    store_id: STORE,
    first_name: firstName,
    last_name: lastName,
    address: null,
    city: null,
    zip_code: null,
    country: null,
    fon: null,
    fon_2: null,
    email: null,
    notes: null,
    veterinary: null,
    consent_messages: false,
    consent_reminders: false,
    consent_marketing: false,
    privacy_file_id: null,
    pet_names: [],
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    tags: [],
    ...extra,
  };
}

/** Answers a request of the remote; undefined is a 404 not_found. */
export type Handler = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;

export type SentRequest = { method: string; url: URL; body: unknown };

export type MountOptions = {
  path: string;
  handler: Handler;
  language?: ShellBridge['language'];
  /** the signed-in person (default: Ada, in `language`) */
  user?: PersonUser;
  /** the remote's mount points in the shell (default: the store's) */
  routePaths?: string[];
  /** false: a shell older than the data layer, without its QueryClient and realtime (the remote keeps its own client) */
  shell?: boolean;
  /** the signed-in organization as the shell's frame holds it (its users name the groomers) */
  orga?: ShellBridge['orga'];
};

/**
 * Replaces fetch with `handler` and renders the remote under a memory router at `path`, inside the shell's
 * QueryClient with its realtime feed applying the invalidation table (fakeShell). `requests` fills with what the
 * remote sent, JSON bodies parsed; `emit` delivers a realtime message of another device of the organization.
 */
export function mountClients({
  path,
  handler,
  language = 'en',
  user = personUser(language),
  routePaths = ['/:orgaId/store/:storeId/*'],
  shell = true,
  orga,
}: MountOptions) {
  const requests: SentRequest[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof URL ? input.href : typeof input === 'string' ? input : input.url, 'http://localhost');
    requests.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = handler(url, init ?? {}) ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
    const status = answer.status ?? 200;
    const text = JSON.stringify(answer.body);
    // jsdom has no Response: the client reads only these
    return {
      status,
      ok: status >= 200 && status < 300,
      statusText: '',
      headers: new Map([['content-type', 'application/json']]),
      text: async () => text,
      blob: async () => new Blob([text]),
    } as unknown as Response;
  }) as typeof fetch;
  const api = {
    deviceId: 'dev',
    freshAccessToken: jest.fn().mockResolvedValue('tok'),
    refresh: jest.fn().mockResolvedValue(null),
    getOrganization: jest.fn(),
  } as unknown as ApiClient;
  const fake = fakeShell();
  const bridge: ShellBridge = {
    api,
    user,
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    ...(shell ? { subscribe: fake.realtime.subscribe } : {}),
    ...(orga ? { orga } : {}),
  };
  const routes: RouteObject[] = routePaths.map((routePath) => ({ path: routePath, element: <ClientsRoutes {...bridge} /> }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const Shell = shell ? fake.Shell : ({ children }: { children: ReactNode }) => children;
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Shell>,
  );
  const emit = (scope: string, event: string, data: string | null, store: string | null = STORE) => {
    const message: RealtimeMessage = { scope, channel: ORGA, store_id: store, data, event, user: 'u2', device: 'dev-other' };
    act(() => fake.realtime.send(message));
  };
  return { bridge, router, requests, emit, client: fake.client };
}
