import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import type { RealtimeMessage } from './api-types';
import { createRealtime, type Realtime } from './realtime';

// A real socket.io server on a random local port, standing where the gateway would.
type Handshake = { token: string | null; channel: string; device: string; at: number };

let http: HttpServer;
let server: Server;
let url: string;
let handshakes: Handshake[];
let sockets: ServerSocket[];
let realtime: Realtime | null = null;

beforeEach(async () => {
  handshakes = [];
  sockets = [];
  http = createServer();
  server = new Server(http, { path: '/websocket' });
  server.use((socket, next) => {
    const auth = socket.handshake.auth as Omit<Handshake, 'at'>;
    handshakes.push({ ...auth, at: Date.now() });
    next(auth.token ? undefined : new Error('unauthorized'));
  });
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  realtime?.close();
  realtime = null;
  await server.close();
});

function waitFor(condition: () => boolean, timeoutMs = 4000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (condition()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out'));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

const message = (device: string | null, event = 'update'): RealtimeMessage => ({
  scope: 'appointment',
  channel: 'orga-1',
  store_id: 'store-1',
  data: 'appt-1',
  event,
  user: 'u1',
  device,
});

describe('createRealtime', () => {
  it('R4.16 R3.17 sends token, organization channel and device on open and delivers messages', async () => {
    const received: RealtimeMessage[] = [];
    realtime = createRealtime({
      url,
      getToken: async () => 'tok-1',
      channel: 'orga-1',
      device: 'dev-a',
      onMessage: (m) => received.push(m),
    });
    await waitFor(() => sockets.length === 1);
    expect(handshakes[0]).toMatchObject({ token: 'tok-1', channel: 'orga-1', device: 'dev-a' });
    sockets[0]?.emit('message', message('dev-b'));
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({ scope: 'appointment', event: 'update', data: 'appt-1', device: 'dev-b' });
  });

  it('R4.16 ignores events caused by this same device', async () => {
    const received: RealtimeMessage[] = [];
    realtime = createRealtime({
      url,
      getToken: async () => 'tok-1',
      channel: 'orga-1',
      device: 'dev-a',
      onMessage: (m) => received.push(m),
    });
    await waitFor(() => sockets.length === 1);
    sockets[0]?.emit('message', message('dev-a', 'mine'));
    sockets[0]?.emit('message', message('dev-b', 'theirs'));
    await waitFor(() => received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((m) => m.event)).toEqual(['theirs']);
  });

  it('R4.16 R9.06 reconnects one second after the server closes it, with a fresh token', async () => {
    let issued = 0;
    realtime = createRealtime({
      url,
      getToken: async () => `tok-${++issued}`,
      channel: 'orga-1',
      device: 'dev-a',
      onMessage: () => undefined,
    });
    await waitFor(() => sockets.length === 1);
    const closedAt = Date.now();
    sockets[0]?.disconnect(true);
    await waitFor(() => sockets.length === 2);
    const second = handshakes[1];
    expect(second?.token).toBe('tok-2');
    expect((second?.at ?? 0) - closedAt).toBeGreaterThanOrEqual(900);
  });

  it('R4.16 retries a refused handshake after one second with a new token', async () => {
    let asked = 0;
    realtime = createRealtime({
      url,
      getToken: async () => (++asked === 1 ? null : 'tok-late'),
      channel: 'orga-1',
      device: 'dev-a',
      onMessage: () => undefined,
    });
    await waitFor(() => sockets.length === 1);
    expect(handshakes.map((h) => h.token)).toEqual([null, 'tok-late']);
    expect((handshakes[1]?.at ?? 0) - (handshakes[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });
});
