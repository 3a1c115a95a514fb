// The calendar remote's routes against a running stack, for e2e/calendar.e2e-spec.ts: served by the
// test at the gateway's origin, it signs in with the real ApiClient and mounts CalendarRoutes with a
// bridge like the shell's (real scheduling and crm routes, one real realtime socket behind bridge.subscribe).
import { ChakraProvider } from '@chakra-ui/react';
import { createApiClient, createRealtime, createRealtimeFeed, type ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { CalendarRoutes } from '../routes';

export type StackMount = { orgaId: string; storeId: string; token: string };

declare global {
  interface Window {
    calendarMount: (username: string, password: string, day: string) => Promise<StackMount>;
    calendarNotices: { type: number; message: string }[];
  }
}
window.calendarNotices = [];

window.calendarMount = async (username, password, day) => {
  const api = createApiClient({ baseUrl: '', getLanguage: () => 'en' });
  await api.login(username, password);
  const user = await api.getUser();
  if (!user.orga_id) throw new Error('the user has no organization');
  const orga = await api.getOrganization(user.orga_id);
  const store = orga.stores[0];
  if (!store) throw new Error('the organization has no store');
  // like the shell: one connection for the organization, fanned out to the remote's listeners
  const feed = createRealtimeFeed();
  createRealtime({ getToken: () => api.freshAccessToken(), channel: orga.id, device: api.deviceId, onMessage: feed.publish });
  const bridge: ShellBridge = {
    api,
    user,
    language: 'en',
    notify: (type, message) => void window.calendarNotices.push({ type, message }),
    reloadUser: async () => undefined,
    changeLanguage: () => undefined,
    signedOut: () => undefined,
    appVersion: 'e2e',
    orga,
    subscribe: feed.subscribe,
  };
  createRoot(document.getElementById('root') as HTMLElement).render(
    <ChakraProvider value={pawlineSystem}>
      <MemoryRouter initialEntries={[`/${orga.id}/store/${store.id}?day=${day}`]}>
        <CalendarRoutes {...bridge} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { orgaId: orga.id, storeId: store.id, token: api.getAccessToken() ?? '' };
};
