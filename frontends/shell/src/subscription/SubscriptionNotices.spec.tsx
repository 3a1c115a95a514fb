/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import {
  ApiLayerProvider,
  apiQueryKey,
  createRealtimeFeed,
  createRealtimeInvalidator,
  createTestQueryClient,
  useApiQuery,
  type ApiLayer,
  type Organization,
  type Realtime,
  type RealtimeMessage,
  type RealtimeOptions,
} from '@pawline/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useMemo, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { LeftDrawer } from '../layout/LeftDrawer';
import { drawerLinks } from '../remotes/remote-manifest';
import { startShellRealtime } from '../session/shell-realtime';
import { SidebarTrialNotice } from './SidebarTrialNotice';
import { SubscriptionNotices } from './SubscriptionNotices';
import { DAY, salon, until } from './subscription-fixtures';
import { subscriptionStanding } from './subscription-standing';

const subscriptionMessage: RealtimeMessage = {
  scope: 'subscription',
  channel: 'o1',
  store_id: null,
  data: 'o1',
  event: 'changed',
  user: 'owner',
  device: 'dev-b',
};

/**
 * The frame's part under test, wired as the signed-in frame wires it (SignedInDataProvider): the organization
 * a query of the shell's QueryClient, the shell's one realtime connection (startShellRealtime, the socket
 * faked) feeding the realtime table that invalidates it after a `subscription` message, the drawer's links
 * and sidebar notice and the notices from the live organization.
 */
function mount(options: { orga: Organization; userId: string; now: number; refetched?: Organization; language?: 'en' | 'it' }) {
  let deliver: (message: RealtimeMessage) => void = () => undefined;
  const fetchOrganization = jest.fn(async () => options.refetched ?? options.orga);
  const orgaKey = apiQueryKey('getOrga', { params: { orga: 'o1' } });
  const layer: ApiLayer = {
    http: { request: fetchOrganization } as unknown as ApiLayer['http'],
    feedback: { success: () => undefined, failure: () => undefined },
  };
  function LiveFrame() {
    const [client] = useState(() => {
      const seeded = createTestQueryClient();
      seeded.setQueryData(orgaKey, options.orga);
      return seeded;
    });
    const feed = useMemo(() => createRealtimeFeed(), []);
    useEffect(() => {
      const invalidator = createRealtimeInvalidator(client);
      const unsubscribe = feed.subscribe(invalidator.apply);
      const close = startShellRealtime({
        api: { deviceId: 'dev-a', freshAccessToken: async () => 'tok' },
        orgaId: 'o1',
        feed,
        open: (realtime: RealtimeOptions): Realtime => {
          deliver = realtime.onMessage;
          return { socket: {} as Realtime['socket'], close: () => undefined };
        },
      });
      return () => {
        close();
        unsubscribe();
        invalidator.stop();
      };
    }, [client, feed]);
    return (
      <QueryClientProvider client={client}>
        <ApiLayerProvider layer={layer}>
          <Notices />
        </ApiLayerProvider>
      </QueryClientProvider>
    );
  }
  function Notices() {
    const orga = useApiQuery('getOrga', { params: { orga: 'o1' } }).data ?? options.orga;
    const standing = subscriptionStanding(orga, options.userId, new Date(options.now));
    const links = drawerLinks({ user: { id: options.userId, orga_id: 'o1' }, orga }, orga.stores[0]?.id ?? null);
    return (
      <>
        <LeftDrawer
          mini={false}
          onToggle={() => undefined}
          top="0px"
          links={links}
          notice={standing.sidebar.show ? (mini) => <SidebarTrialNotice standing={standing} mini={mini} /> : undefined}
        />
        <SubscriptionNotices standing={standing} />
      </>
    );
  }
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language={options.language ?? 'en'}>
        <MemoryRouter initialEntries={['/o1/store/s1']}>
          <LiveFrame />
        </MemoryRouter>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { emit: (message: RealtimeMessage) => act(() => deliver(message)), fetchOrganization };
}

const withStore = (more: Partial<Organization> = {}) =>
  salon({
    stores: [
      {
        id: 's1',
        name: 'Centro',
        address: null,
        city: null,
        zip_code: null,
        country: 'IT',
        address_from_orga: true,
        phone: null,
        time_zone: 'Europe/Rome',
      } as never,
    ],
    ...more,
  });

describe('free-trial banner (spec §4)', () => {
  it('R4.08 R2.12 R9.01 opens with the days left at 1 to 6 remaining days, the way to subscribe for administrators', () => {
    mount({ orga: withStore(), userId: 'owner', now: until - 5 * DAY - 1000 });
    const banner = screen.getByTestId('trial-banner');
    expect(banner.textContent).toContain('6 days left in your free trial.');
    expect(within(banner).getByTestId('trial-banner-subscribe').getAttribute('href')).toBe('/o1/payment');
  });

  it('R4.08 counts down to the last day, in the user language; employees get no subscribe button', () => {
    mount({ orga: withStore(), userId: 'lia', now: until - 3_600_000, language: 'it' });
    const banner = screen.getByTestId('trial-banner');
    expect(banner.getAttribute('data-days')).toBe('1');
    expect(banner.textContent).toContain('Ti resta 1 giorno di prova gratuita.');
    expect(within(banner).queryByTestId('trial-banner-subscribe')).toBeNull();
  });

  it('R4.08 stays closed with 7 or more days left', () => {
    mount({ orga: withStore(), userId: 'owner', now: until - 7 * DAY });
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it('can be closed for the page', () => {
    mount({ orga: withStore(), userId: 'owner', now: until - 2 * DAY });
    fireEvent.click(screen.getByTestId('trial-banner-close'));
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it('R4.21 R2.03 a subscription reaching this client live refetches the organization and closes the banner, and the premium marks go, without a reload', async () => {
    const { emit, fetchOrganization } = mount({
      orga: withStore(),
      userId: 'owner',
      now: until - 2 * DAY,
      refetched: withStore({ tier: 4, subscribed_since: '2026-11-14T10:00:00.000Z', subscribed_until: '2026-12-01T00:00:00.000Z' }),
    });
    expect(screen.getByTestId('trial-banner')).toBeTruthy();
    expect(screen.getByTestId('nav-messages-premium')).toBeTruthy();
    expect(screen.getByTestId('sidebar-trial-notice')).toBeTruthy();
    // a message of another scope changes nothing
    emit({ ...subscriptionMessage, scope: 'appointment' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchOrganization).not.toHaveBeenCalled();
    emit(subscriptionMessage);
    await waitFor(() => expect(screen.queryByTestId('trial-banner')).toBeNull());
    expect(fetchOrganization).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('nav-messages-premium')).toBeNull();
    expect(screen.queryByTestId('sidebar-trial-notice')).toBeNull();
  });
});

describe('subscription-extension warning (spec §4)', () => {
  it('R4.09 R2.12 R9.01 shows in the 14-day window before the banner days, with the days left and the way to extend', () => {
    mount({ orga: withStore(), userId: 'admin', now: until - 10 * DAY });
    const warning = screen.getByTestId('extension-warning');
    expect(warning.textContent).toContain('Your subscription expires in 10 days.');
    expect(within(warning).getByTestId('extension-warning-extend').getAttribute('href')).toBe('/o1/payment');
  });

  it('R4.09 not outside its window, nor above tier 0, nor while the banner says it', () => {
    const longTrial = withStore({ subscribed_until: new Date(until + 10 * DAY).toISOString() });
    mount({ orga: longTrial, userId: 'admin', now: until - 5 * DAY });
    expect(screen.queryByTestId('extension-warning')).toBeNull();
  });

  it('R4.09 a paid organization sees none', () => {
    mount({ orga: withStore({ tier: 3 }), userId: 'admin', now: until - 10 * DAY });
    expect(screen.queryByTestId('extension-warning')).toBeNull();
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it('the banner days show the banner instead of the warning', () => {
    mount({ orga: withStore(), userId: 'lia', now: until - 4 * DAY });
    expect(screen.getByTestId('trial-banner')).toBeTruthy();
    expect(screen.queryByTestId('extension-warning')).toBeNull();
    expect(screen.queryByTestId('extension-warning-extend')).toBeNull();
  });
});

describe('sidebar notice (spec §4)', () => {
  it("R4.08 R2.12 issue 29 shows the remaining days as a percentage of the trial's 15 for tier 0", () => {
    mount({ orga: withStore(), userId: 'owner', now: until - 12 * DAY });
    const notice = screen.getByTestId('sidebar-trial-notice');
    expect(notice.textContent).toContain('Free trial: 12 days left');
    const bar = screen.getByTestId('sidebar-trial-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('80');
    expect(within(notice).getByTestId('sidebar-trial-subscribe').getAttribute('href')).toBe('/o1/payment');
  });

  it("R4.08 says 'Your premium features have expired' at zero days or below", () => {
    mount({ orga: withStore(), userId: 'lia', now: until + DAY });
    const notice = screen.getByTestId('sidebar-trial-notice');
    expect(notice.getAttribute('data-expired')).toBe('true');
    expect(notice.textContent).toContain('Your premium features have expired');
    expect(screen.getByTestId('sidebar-trial-progress').getAttribute('aria-valuenow')).toBe('0');
    expect(within(notice).queryByTestId('sidebar-trial-subscribe')).toBeNull();
  });

  it('R4.08 is not shown above tier 0', () => {
    mount({ orga: withStore({ tier: 2 }), userId: 'owner', now: until - 12 * DAY });
    expect(screen.queryByTestId('sidebar-trial-notice')).toBeNull();
  });
});
