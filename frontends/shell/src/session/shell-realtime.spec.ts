import { createRealtimeFeed, type Realtime, type RealtimeMessage, type RealtimeOptions } from '@pawline/api-client';
import { startShellRealtime } from './shell-realtime';

type Opened = { options: RealtimeOptions; closed: boolean };

function fakeOpen(opened: Opened[]) {
  return (options: RealtimeOptions): Realtime => {
    const entry: Opened = { options, closed: false };
    opened.push(entry);
    return { socket: {} as Realtime['socket'], close: () => void (entry.closed = true) };
  };
}

const message = (scope: string, event: string): RealtimeMessage => ({
  scope,
  channel: 'orga-1',
  store_id: 'store-1',
  data: 'x1',
  event,
  user: 'u1',
  device: 'dev-b',
});

const api = { deviceId: 'dev-a', freshAccessToken: async () => 'tok-1' };

describe("startShellRealtime (the shell's one connection)", () => {
  it('R4.16 opens one connection for the organization with a fresh token and this device', async () => {
    const opened: Opened[] = [];
    startShellRealtime({
      api,
      orgaId: 'orga-1',
      feed: createRealtimeFeed(),
      open: fakeOpen(opened),
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]?.options.channel).toBe('orga-1');
    expect(opened[0]?.options.device).toBe('dev-a');
    await expect(opened[0]?.options.getToken()).resolves.toBe('tok-1');
  });

  it('fans every message out to all subscribers; an unsubscribed listener gets nothing more', () => {
    const opened: Opened[] = [];
    const feed = createRealtimeFeed();
    startShellRealtime({ api, orgaId: 'orga-1', feed, open: fakeOpen(opened) });
    const calendar: string[] = [];
    const clients: string[] = [];
    const offCalendar = feed.subscribe((m) => calendar.push(`${m.scope}.${m.event}`));
    feed.subscribe((m) => clients.push(`${m.scope}.${m.event}`));
    opened[0]?.options.onMessage(message('appointment', 'created'));
    offCalendar();
    opened[0]?.options.onMessage(message('customer', 'deleted'));
    expect(calendar).toEqual(['appointment.created']);
    expect(clients).toEqual(['appointment.created', 'customer.deleted']);
  });

  it('tells of a connection that comes back after a drop, not of the first one (the gap is read again)', () => {
    const opened: Opened[] = [];
    const onReconnect = jest.fn();
    startShellRealtime({ api, orgaId: 'orga-1', feed: createRealtimeFeed(), onReconnect, open: fakeOpen(opened) });
    const status = opened[0]?.options.onStatus;
    status?.(true);
    expect(onReconnect).not.toHaveBeenCalled();
    status?.(false);
    status?.(true);
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('the returned close (sign-out) closes the connection; subscribers stay registered for the next sign-in', () => {
    const opened: Opened[] = [];
    const feed = createRealtimeFeed();
    const seen: string[] = [];
    feed.subscribe((m) => seen.push(m.event));
    const close = startShellRealtime({ api, orgaId: 'orga-1', feed, open: fakeOpen(opened) });
    close();
    expect(opened[0]?.closed).toBe(true);
    startShellRealtime({ api, orgaId: 'orga-2', feed, open: fakeOpen(opened) });
    opened[1]?.options.onMessage(message('customer', 'updated'));
    expect(seen).toEqual(['updated']);
  });
});
