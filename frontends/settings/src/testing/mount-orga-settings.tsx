import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  personUserOf,
  type ApiClient,
  type FakeGatewayAnswer,
  type FakeGatewayRequest,
  type RealtimeMessage,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { OrgaSettingsRoutes, PaymentRoutes, PlanRoutes, SettingsRoutes, StoresRoutes } from '../routes';
import { FakeIdentity } from './fake-identity';

export const TEST_ORGA = '22222222-2222-4222-8222-222222222222';

const START: Record<NonNullable<MountOptions['at']>, (orga: string, page: string) => string> = {
  settings: (orga, page) => `/${orga}/settings/${page}`,
  stores: (orga) => `/${orga}/store`,
  payment: (orga) => `/${orga}/payment`,
  plan: (orga) => `/${orga}/adminV2/plan`,
  user: () => '/user',
};

export type MountOptions = {
  language?: ShellBridge['language'];
  userId?: string;
  /** the organization in the path (and of the default identity): TEST_ORGA */
  orgaId?: string;
  /** the identity routes (person, organization, stores, team); an organization TEST_ORGA by default */
  identity?: FakeIdentity;
  /** 'stores' mounts StoresRoutes at /{orga}/store as the shell does; 'payment' and 'plan' the billing screens; 'user' /user */
  at?: 'settings' | 'stores' | 'payment' | 'plan' | 'user';
  /** what the shell's QueryClient holds before the page mounts (the shell puts the signed-in person there) */
  cached?: (client: QueryClient) => void;
};

type Answer = (request: FakeGatewayRequest, url: URL) => FakeGatewayAnswer | Promise<FakeGatewayAnswer | undefined> | undefined;

/**
 * The settings remote at /{orga}/settings/<page> (or /{orga}/store, the billing pages, /user) as the shell mounts
 * it: inside the shell's data layer (a fresh QueryClient, the realtime table applied to it) over a fake gateway
 * behind fetch: `answer` first, then the identity routes. `/{orga}/elsewhere` is a second route to leave to (R5.15).
 */
export function mountOrgaSettings(page: string, answer: Answer, languageOrOptions: ShellBridge['language'] | MountOptions = 'it') {
  const options: MountOptions = typeof languageOrOptions === 'string' ? { language: languageOrOptions } : languageOrOptions;
  const language = options.language ?? 'it';
  const userId = options.userId ?? 'u1';
  const orgaId = options.orgaId ?? TEST_ORGA;
  const identity =
    options.identity ??
    new FakeIdentity({
      orga: organizationOf({ id: orgaId, name: 'Salone Fido' }),
      user: personUserOf({ id: userId, email: 'ada@example.com', language, orga_id: orgaId }),
    });
  const sent = fakeGatewayFetch(async (request, url) => (await answer(request, url)) ?? identity.answer(request));
  const { Shell, realtime, client } = fakeShell();
  options.cached?.(client);
  const bridge: ShellBridge = {
    // only what createRemoteHttp borrows of the shell's client: every page calls through the data layer
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn(),
    } as unknown as ApiClient,
    user: identity.user.id === userId ? identity.user : personUserOf({ id: userId, language, orga_id: orgaId }),
    language,
    notify: jest.fn(),
    reloadUser: jest.fn().mockResolvedValue(undefined),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    subscribe: realtime.subscribe,
  };
  const router = createMemoryRouter(
    [
      { path: '/:orgaId/settings/*', element: <OrgaSettingsRoutes {...bridge} /> },
      { path: '/:orgaId/store/*', element: <StoresRoutes {...bridge} /> },
      { path: '/:orgaId/payment', element: <PaymentRoutes {...bridge} /> },
      { path: '/:orgaId/adminV2/plan', element: <PlanRoutes {...bridge} /> },
      { path: '/user/*', element: <SettingsRoutes {...bridge} /> },
      { path: '/:orgaId/store/:storeId', element: <p data-testid="store-home">store</p> },
      { path: '/:orgaId/elsewhere', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [START[options.at ?? 'settings'](orgaId, page)] },
  );
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Shell>,
  );
  /** a message of the shell's realtime connection (wrap it in act): the realtime table invalidates what it changes */
  const emit = (message: RealtimeMessage) => realtime.send(message);
  /** the requests of one method and path sent so far */
  const calls = (method: string, path: string) => sent.filter((r) => r.method === method && r.path === path);
  return { bridge, sent, router, emit, client, identity, calls };
}
