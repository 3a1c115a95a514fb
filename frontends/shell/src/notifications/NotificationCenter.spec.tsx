/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { API_ROUTES, ApiError, fakeShell, type ApiClient, type RealtimeMessage } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { shellTranslator } from '../i18n/translator';
import { NotificationCenter } from './NotificationCenter';
import type { ObserverFactory } from './NotificationPanel';

const t = shellTranslator('en');
const O = '11111111-1111-4111-8111-111111111111';
const S = '22222222-2222-4222-8222-222222222222';

type Served = { content: unknown[]; new_notifications: number };

/** api.request answering the declared routes from memory; records every call by route. */
type State = { notifications: Served; appointmentStatus: number; slot?: Record<string, unknown> | null };

function fakeApi(state: State) {
  const calls: string[] = [];
  const request = jest.fn(async (route: { path: string }, input?: { params?: Record<string, string> }) => {
    const params = input?.params ?? {};
    calls.push(`${route.path} ${JSON.stringify(params)}`);
    if (route === API_ROUTES.listNotifications) return state.notifications;
    if (route === API_ROUTES.markNotificationsSeen) return { changed: 1, new_notifications: 0 };
    if (route === API_ROUTES.deleteNotifications) return { deleted: 1, new_notifications: 0 };
    if (route === API_ROUTES.getAppointment)
      return {
        items: [{ id: params.id, date: '2026-11-26', hour: 15, min: 30, status: state.appointmentStatus }],
        treatments: [],
        pets: [{ appointment_id: params.id, pet_id: 'p1' }],
      };
    if (route === API_ROUTES.getPet) return { pet: { id: 'p1', name: 'Fido', customer_id: 'c1' }, tags: [] };
    if (route === API_ROUTES.getCustomer) return { customer: { id: 'c1', first_name: 'Maria', last_name: 'Bianchi' } };
    if (route === API_ROUTES.getBookingSlot) {
      if (!state.slot) throw new ApiError(404, 'not_found', 'Not found');
      return state.slot;
    }
    throw new Error(`unexpected ${route.path}`);
  });
  return { api: { request } as unknown as Pick<ApiClient, 'request'>, calls };
}

/** An IntersectionObserver that reports every watched row as on screen at once. */
const everythingVisible: ObserverFactory = (callback) =>
  ({
    observe: (target: Element) =>
      callback([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
    unobserve: () => undefined,
    disconnect: () => undefined,
  }) as unknown as IntersectionObserver;

function mount(state: State) {
  const { api, calls } = fakeApi(state);
  const navigate = jest.fn();
  // the signed-in frame's QueryClient and the shell's realtime feed, which applies the invalidation table to it
  const { Shell, realtime, client } = fakeShell();
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <NotificationCenter
          api={api}
          orgaId={O}
          storeId={S}
          language="en"
          t={t}
          subscribe={realtime.subscribe}
          navigate={navigate}
          onError={jest.fn()}
          observe={everythingVisible}
        />
      </ChakraProvider>
    </Shell>,
  );
  const emit = (m: Partial<RealtimeMessage>) =>
    act(() =>
      realtime.send({ scope: 'appointment', channel: O, store_id: S, data: null, event: 'updated', user: null, device: null, ...m }),
    );
  return { calls, emit, navigate, client };
}

const serverNotification = (over: Record<string, unknown> = {}) => ({
  id: '33333333-3333-4333-8333-333333333333',
  notification_type: 'CUSTOMER_MSG',
  belongs_to: '44444444-4444-4444-8444-444444444444',
  seen: null,
  time: '2026-11-24T10:00:00.000Z',
  title: 'notificationCustomerMessage',
  text: 'notificationCustomerMessageText',
  params: { name: 'Maria Bianchi', text: 'Can we move it?' },
  orga_id: O,
  store_id: S,
  local: false,
  ...over,
});

describe('notification center', () => {
  afterEach(() => jest.useRealTimers());

  it("R4.18 R4.05 a customer's decline raises a local 'Declined appointment' with date, time, customer and pet, shown 5 s, then in the list", async () => {
    const state = { notifications: { content: [], new_notifications: 0 }, appointmentStatus: 2 };
    const { emit } = mount(state);
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    jest.useFakeTimers();
    emit({ event: 'status_by_customer', data: '55555555-5555-4555-8555-555555555555' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    const toast = screen.getByTestId('notification-toast');
    expect(toast.textContent).toContain('Declined appointment');
    expect(toast.textContent).toContain('Maria Bianchi declined the appointment for Fido on 26/11/2026 at 15:30.');
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4980);
    });
    expect(screen.getByTestId('notification-toast')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20);
    });
    expect(screen.queryByTestId('notification-toast')).toBeNull();
    jest.useRealTimers();
    fireEvent.click(screen.getByTestId('notification-bell'));
    const row = screen.getByTestId('notification');
    expect(row.textContent).toContain('Declined appointment');
    // a local one is deleted here only: no request
    fireEvent.click(screen.getByTestId('notification-delete'));
    await waitFor(() => expect(screen.queryByTestId('notification')).toBeNull());
  });

  it('R4.18 a change by the customer that is not a decline raises nothing', async () => {
    const state = { notifications: { content: [], new_notifications: 0 }, appointmentStatus: 1 };
    const { emit, calls } = mount(state);
    emit({ event: 'status_by_customer', data: '55555555-5555-4555-8555-555555555555' });
    await waitFor(() => expect(calls.some((c) => c.includes('/appointment/'))).toBe(true));
    expect(screen.queryByTestId('notification-toast')).toBeNull();
  });

  it('R4.05 a new notification from the server is read and shown for 5 s; the count follows', async () => {
    const state = { notifications: { content: [] as unknown[], new_notifications: 0 }, appointmentStatus: 0 };
    const { emit, calls, client } = mount(state);
    // the first page is in (a realtime message during that first read would only replace it)
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    state.notifications = { content: [serverNotification()], new_notifications: 1 };
    emit({ scope: 'notification', event: 'created', data: '33333333-3333-4333-8333-333333333333' });
    expect((await screen.findByTestId('notification-toast')).textContent).toContain('New message from a customer');
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    // spec §7's {last time or 0}/{last id or none}, named as the path item GET and DELETE share
    expect(calls[1]).toContain('/notification/:anchor/:qualifier');
    expect(calls[1]).toContain('"anchor":"0","qualifier":"none"');
  });

  it('R4.04 a server notification is deleted via DELETE …/notification/{belongs_to}/{notification_type}', async () => {
    const state = { notifications: { content: [serverNotification()], new_notifications: 1 }, appointmentStatus: 0 };
    const { calls } = mount(state);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click(await screen.findByTestId('notification-delete'));
    // GET and DELETE share the path: the delete is the call naming the notification's key
    const deletion = `${API_ROUTES.deleteNotifications.path} ${JSON.stringify({ orga: O, store: S, anchor: '44444444-4444-4444-8444-444444444444', qualifier: 'CUSTOMER_MSG' })}`;
    await waitFor(() => expect(calls).toContain(deletion));
    await waitFor(() => expect(screen.queryByTestId('notification')).toBeNull());
  });

  it('R4.02 a notification on screen is marked via PATCH …/notification/seen/{belongs_to}/{notification_type}, then locally', async () => {
    const state = { notifications: { content: [serverNotification()], new_notifications: 1 }, appointmentStatus: 0 };
    const { calls } = mount(state);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    expect(calls[1]).toBe(
      `${API_ROUTES.markNotificationsSeen.path} ${JSON.stringify({ orga: O, store: S, belongs_to: '44444444-4444-4444-8444-444444444444', notification_type: 'CUSTOMER_MSG' })}`,
    );
    expect(screen.getByTestId('notification').getAttribute('data-seen')).toBe('true');
  });
  const SLOT = '66666666-6666-4666-8666-666666666666';
  const pendingSlot = (over: Record<string, unknown> = {}) => ({
    id: SLOT,
    status: 'pending',
    date: '2026-11-26',
    hour: 9,
    min: 5,
    first_name: 'Luca',
    last_name: 'Neri',
    pets: [{ name: 'Fido' }, { name: 'Micia' }],
    ...over,
  });

  it("R4.19 a customer's booking request is fetched and raises a local 'New booking request received' that opens the booking page", async () => {
    const state: State = { notifications: { content: [], new_notifications: 0 }, appointmentStatus: 0, slot: pendingSlot() };
    const { emit, calls, navigate } = mount(state);
    await waitFor(() => expect(calls).toHaveLength(1));
    emit({ scope: 'slot', event: 'customer_booking', data: SLOT });
    const toast = await screen.findByTestId('notification-toast');
    expect(toast.textContent).toContain('New booking request received');
    expect(toast.textContent).toContain('Luca Neri asked for 26/11/2026 at 09:05 (Fido, Micia).');
    expect(calls[1]).toBe(`${API_ROUTES.getBookingSlot.path} ${JSON.stringify({ orga: O, store: S, slot: SLOT })}`);
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click(screen.getByTestId('notification-open'));
    expect(navigate).toHaveBeenCalledWith(`/${O}/store/${S}/booking`);
  });

  it('R4.19 raises nothing for a request already decided or gone, of another store, or for other slot events', async () => {
    const state: State = {
      notifications: { content: [], new_notifications: 0 },
      appointmentStatus: 0,
      slot: pendingSlot({ status: 'accepted' }),
    };
    const { emit, calls } = mount(state);
    await waitFor(() => expect(calls).toHaveLength(1));
    emit({ scope: 'slot', event: 'customer_booking', data: SLOT });
    await waitFor(() => expect(calls).toHaveLength(2));
    state.slot = null;
    emit({ scope: 'slot', event: 'customer_booking', data: SLOT });
    await waitFor(() => expect(calls).toHaveLength(3));
    emit({ scope: 'slot', event: 'customer_booking', data: SLOT, store_id: '99999999-9999-4999-8999-999999999999' });
    emit({ scope: 'slot', event: 'accepted', data: SLOT });
    emit({ scope: 'rule', event: 'created', data: SLOT });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(3);
    expect(screen.queryByTestId('notification-toast')).toBeNull();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });
});
