/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fakeShell } from '@pawline/api-client';
import type { ShellNotification } from '@pawline/domain';
import { pawlineSystem } from '@pawline/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { shellTranslator } from '../i18n/translator';
import { NotificationBell } from './NotificationBell';
import type { ObserverFactory } from './NotificationPanel';
import type { NotificationPage, NotificationSource } from './notification-source';
import { useNotifications } from './useNotifications';

const t = shellTranslator('en');

function notification(i: number, over: Partial<ShellNotification> = {}): ShellNotification {
  return {
    id: `id-a${i}`,
    notification_type: 'CUSTOMER_MSG',
    belongs_to: `a${i}`,
    seen: null,
    time: new Date(Date.UTC(2026, 10, 24, 10) - i * 60_000).toISOString(),
    title: `Message ${i}`,
    text: `Text ${i}`,
    orga_id: 'o1',
    store_id: 's1',
    local: false,
    ...over,
  };
}

/** A server-side list held in memory: pages of 50 by time, seen marks, deletes. */
function fakeSource(all: ShellNotification[], failFirst = false) {
  const calls: string[] = [];
  let fail = failFirst;
  const source: NotificationSource = {
    async page(cursor) {
      calls.push(`page ${cursor.last_id}`);
      if (fail) {
        fail = false;
        throw new Error('Gateway unreachable');
      }
      const from = cursor.last_id === 'none' ? 0 : all.findIndex((n) => n.id === cursor.last_id) + 1;
      const page: NotificationPage = { items: all.slice(from, from + 50), new_notifications: all.filter((n) => n.seen === null).length };
      return page;
    },
    async markSeen(n) {
      calls.push(`seen ${n.belongs_to}/${n.notification_type}`);
      all = all.map((x) => (x.belongs_to === n.belongs_to ? { ...x, seen: '2026-11-24T12:00:00.000Z' } : x));
    },
    async remove(n) {
      calls.push(`delete ${n.belongs_to}/${n.notification_type}`);
      all = all.filter((x) => x.belongs_to !== n.belongs_to);
    },
  };
  return { source, calls, add: (n: ShellNotification) => void (all = [n, ...all]) };
}

/** An IntersectionObserver the test drives: `show(key)` reports that row as on screen. */
function fakeObserver() {
  const observed = new Set<Element>();
  let callback: IntersectionObserverCallback | null = null;
  const factory: ObserverFactory = (cb) => {
    callback = cb;
    return {
      observe: (el: Element) => void observed.add(el),
      unobserve: (el: Element) => void observed.delete(el),
      disconnect: () => observed.clear(),
    } as unknown as IntersectionObserver;
  };
  const show = (key: string) => {
    const target = [...observed].find((el) => (el as HTMLElement).dataset.notificationKey === key);
    if (!target) throw new Error(`${key} is not observed`);
    act(() => callback?.([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
  };
  return { factory, show, observed };
}

function Harness({
  source,
  observe,
  navigate,
  raise,
}: {
  source: NotificationSource;
  observe: ObserverFactory;
  navigate: (to: string) => void;
  raise?: (n: ReturnType<typeof useNotifications>) => void;
}) {
  const notifications = useNotifications(source, { key: ['notifications', 's1'], displayMs: 5000 });
  raise?.(notifications);
  return (
    <NotificationBell
      notifications={notifications}
      t={t}
      timeText={(iso) => iso.slice(11, 16)}
      navigate={navigate}
      onError={() => undefined}
      observe={observe}
    />
  );
}

function mount(source: NotificationSource, navigate = jest.fn(), raise?: (n: ReturnType<typeof useNotifications>) => void) {
  const observer = fakeObserver();
  const { Shell } = fakeShell();
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <Harness source={source} observe={observer.factory} navigate={navigate} raise={raise} />
      </ChakraProvider>
    </Shell>,
  );
  return { observer, navigate };
}

const open = () => fireEvent.click(screen.getByTestId('notification-bell'));

describe('notification bell', () => {
  afterEach(() => jest.useRealTimers());

  it('R3.16 shows the count of new notifications and, opened, the list (empty: a clear text)', async () => {
    const { source } = fakeSource([notification(1), notification(2, { seen: '2026-11-24T09:00:00.000Z' })]);
    mount(source);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    open();
    expect(screen.getAllByTestId('notification').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Message 1'),
      expect.stringContaining('Message 2'),
    ]);
    const empty = fakeSource([]);
    const { Shell } = fakeShell();
    render(
      <Shell>
        <ChakraProvider value={pawlineSystem}>
          <Harness source={empty.source} observe={fakeObserver().factory} navigate={jest.fn()} />
        </ChakraProvider>
      </Shell>,
    );
    fireEvent.click(screen.getAllByTestId('notification-bell')[1]);
    expect(await screen.findByTestId('notifications-empty')).toBeTruthy();
  });

  it('R4.02 R9.06 a notification on screen is marked seen via the server 300 ms later, and the count drops by one per mark', async () => {
    const { source, calls } = fakeSource([notification(1), notification(2), notification(3), notification(4, { local: true })]);
    const { observer } = mount(source);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('4'));
    open();
    // only unseen rows are watched
    expect(observer.observed.size).toBe(4);
    jest.useFakeTimers();
    observer.show('CUSTOMER_MSG:a1');
    observer.show('CUSTOMER_MSG:a2');
    observer.show('CUSTOMER_MSG:a1');
    observer.show('CUSTOMER_MSG:a4');
    act(() => jest.advanceTimersByTime(299));
    expect(calls.filter((c) => c.startsWith('seen'))).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    jest.useRealTimers();
    // the local one is marked here only; the others via the server, each once
    expect(calls.filter((c) => c.startsWith('seen'))).toEqual(['seen a1/CUSTOMER_MSG', 'seen a2/CUSTOMER_MSG']);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    const seen = screen.getAllByTestId('notification').map((el) => el.getAttribute('data-seen'));
    expect(seen).toEqual(['true', 'true', 'false', 'true']);
    // a seen row is no longer watched
    expect(observer.observed.size).toBe(1);
  });

  it('R4.03 opening a customer message goes to the store messages page, a booking request to the booking page', async () => {
    const navigate = jest.fn();
    const { source } = fakeSource([notification(1), notification(2, { notification_type: 'NEW_BOOKING' })]);
    mount(source, navigate);
    open();
    const rows = await screen.findAllByTestId('notification-open');
    fireEvent.click(rows[0]);
    expect(navigate).toHaveBeenLastCalledWith('/o1/store/s1/messages');
    open();
    fireEvent.click(screen.getAllByTestId('notification-open')[1]);
    expect(navigate).toHaveBeenLastCalledWith('/o1/store/s1/booking');
  });

  it('R4.04 R9.05 pages by 50 with Next, and deleting removes via the server', async () => {
    const all = Array.from({ length: 53 }, (_, i) => notification(i, { seen: '2026-11-24T09:00:00.000Z' }));
    const { source, calls } = fakeSource(all);
    mount(source);
    open();
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(50));
    fireEvent.click(screen.getByTestId('notifications-next'));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(53));
    expect(screen.queryByTestId('notifications-next')).toBeNull();
    expect(calls).toEqual(['page none', 'page id-a49']);
    fireEvent.click(screen.getAllByTestId('notification-delete')[0]);
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(52));
    expect(calls).toContain('delete a0/CUSTOMER_MSG');
  });

  it('shows a failed load with its reason and reads again on retry', async () => {
    const { source } = fakeSource([notification(1)], true);
    mount(source);
    open();
    expect((await screen.findByTestId('notifications-error')).textContent).toContain('Gateway unreachable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('notification')).toHaveLength(1);
  });
});
