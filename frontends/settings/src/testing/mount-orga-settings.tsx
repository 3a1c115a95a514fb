import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeRealtimeFeed,
  personUserOf,
  type ApiClient,
  type FakeGatewayAnswer,
  type FakeGatewayRequest,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { OrgaSettingsRoutes, PaymentRoutes, PlanRoutes, StoresRoutes } from '../routes';

export const TEST_ORGA = '22222222-2222-4222-8222-222222222222';

const START: Record<NonNullable<MountOptions['at']>, (page: string) => string> = {
  settings: (page) => `/${TEST_ORGA}/settings/${page}`,
  stores: () => `/${TEST_ORGA}/store`,
  payment: () => `/${TEST_ORGA}/payment`,
  plan: () => `/${TEST_ORGA}/adminV2/plan`,
};

type MountOptions = {
  language?: ShellBridge['language'];
  userId?: string;
  /** ApiClient methods a page calls directly (getOrganization …) */
  api?: Partial<ApiClient>;
  /** 'stores' mounts StoresRoutes at /{orga}/store as the shell does; 'payment' and 'plan' the billing screens */
  at?: 'settings' | 'stores' | 'payment' | 'plan';
};

/**
 * The settings remote at /{orga}/settings/<page> (or /{orga}/store) over a fake gateway behind fetch, as the
 * shell mounts it; `/{orga}/elsewhere` is a second route to leave to (R5.15).
 */
export function mountOrgaSettings(
  page: string,
  answer: (request: FakeGatewayRequest) => FakeGatewayAnswer | undefined,
  languageOrOptions: ShellBridge['language'] | MountOptions = 'it',
) {
  const options: MountOptions = typeof languageOrOptions === 'string' ? { language: languageOrOptions } : languageOrOptions;
  const language = options.language ?? 'it';
  const sent = fakeGatewayFetch((request) => answer(request));
  const feed = fakeRealtimeFeed();
  const bridge: ShellBridge = {
    api: {
      deviceId: 'dev',
      freshAccessToken: jest.fn().mockResolvedValue('tok'),
      refresh: jest.fn(),
      ...options.api,
    } as unknown as ApiClient,
    user: personUserOf({
      id: options.userId ?? 'u1',
      email: 'ada@example.com',
      language,
      orga_id: TEST_ORGA,
      created_at: '2026-11-01T00:00:00Z',
    }),
    language,
    notify: jest.fn(),
    reloadUser: jest.fn(),
    changeLanguage: jest.fn(),
    signedOut: jest.fn(),
    appVersion: '11.4.6',
    subscribe: feed.subscribe,
  };
  const router = createMemoryRouter(
    [
      { path: '/:orgaId/settings/*', element: <OrgaSettingsRoutes {...bridge} /> },
      { path: '/:orgaId/store', element: <StoresRoutes {...bridge} /> },
      { path: '/:orgaId/payment', element: <PaymentRoutes {...bridge} /> },
      { path: '/:orgaId/adminV2/plan', element: <PlanRoutes {...bridge} /> },
      { path: '/:orgaId/store/:storeId', element: <p data-testid="store-home">store</p> },
      { path: '/:orgaId/elsewhere', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [START[options.at ?? 'settings'](page)] },
  );
  render(
    <ChakraProvider value={pawlineSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  /** a message of the shell's realtime connection, to every page listening */
  const emit = feed.send;
  return { bridge, sent, router, emit };
}
