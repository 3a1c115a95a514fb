// The calendar remote alone in a browser, for e2e/calendar-grid.e2e-spec.ts: the real page on the real data
// layer (real layout and pointer events) over the in-memory gateway of scheduling-gateway.ts, recording each request.
import { ChakraProvider } from '@chakra-ui/react';
import {
  fakeGatewayFetch,
  fakeShell,
  organizationOf,
  personUserOf,
  storeOf,
  type ApiClient,
  type FakeGatewayRequest,
  type ShellBridge,
} from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CalendarRoutes } from '../routes';
import { FakeSchedulingGateway, ORGA, STORE } from './scheduling-gateway';

declare global {
  interface Window {
    calendarRequests: FakeGatewayRequest[];
    calendarNotes: { type: number; message: string }[];
  }
}

// a page of its own: what the shell's page gives every remote (axe checks the whole document)
document.title = 'Calendar';
document.documentElement.lang = 'en';

const gateway = new FakeSchedulingGateway();
gateway.addPet('Fido', { first_name: 'Maria', last_name: 'Rossi' }, { id: '50000000-0000-4000-8000-000000000001' });
// the week after holds a card of every state, for the axe pass: declined, confirmed by the customer, checked out, 15 minutes
gateway.add({ app_name: 'Luna declined', date: '2026-11-23', hour: 9, status: 2, reminder_status: 2 });
gateway.add({ app_name: 'Rex confirmed', date: '2026-11-24', hour: 10, status: 1, reminder_status: 3 });
gateway.add({ app_name: 'Bobi checked out', date: '2026-11-25', hour: 11, checked_out: true, cashed_in: true, final_price: 3000 });
gateway.add({ app_name: 'Nail trim', date: '2026-11-26', hour: 12, duration: 15, status: 1 });
gateway.add({ app_name: 'Milo no-show', date: '2026-11-27', hour: 10, status: 3 });
window.calendarRequests = fakeGatewayFetch(({ method, path, body }, url) => gateway.answer(method, path, body, url));
window.calendarNotes = [];

const { Shell } = fakeShell();
const bridge: ShellBridge = {
  api: { deviceId: 'harness', freshAccessToken: async () => 'token', refresh: async () => null } as unknown as ApiClient,
  user: personUserOf({ id: 'u1', orga_id: ORGA, first_name: 'Ada', last_name: 'Lovelace', language: 'en' }),
  language: 'en',
  notify: (type, message) => void window.calendarNotes.push({ type, message }),
  reloadUser: async () => undefined,
  changeLanguage: () => undefined,
  signedOut: () => undefined,
  appVersion: '11.4.6',
  orga: organizationOf({ id: ORGA, stores: [storeOf({ id: STORE, orga_id: ORGA, name: 'Main', time_zone: 'Europe/Rome' })] }),
};
const router = createMemoryRouter([{ path: '/:orgaId/store/:storeId/*', element: <CalendarRoutes {...bridge} /> }], {
  initialEntries: [`/${ORGA}/store/${STORE}?day=2026-11-18`],
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <Shell>
    <ChakraProvider value={pawlineSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>
  </Shell>,
);
