import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { RealtimeMessage } from './api-types';

// spec §4 / R9.06: the socket reconnects one second after it closes.
export const REALTIME_RECONNECT_MS = 1000;
export const REALTIME_PATH = '/websocket';
export const REALTIME_EVENT = 'message';

export type RealtimeOptions = {
  /** Origin of the gateway; undefined = the page's own origin. */
  url?: string;
  /** Asked on every (re)connection, so a reconnect carries a fresh token. */
  getToken: () => Promise<string | null>;
  /** The first channel: the organization id. */
  channel: string;
  device: string;
  onMessage: (message: RealtimeMessage) => void;
  onStatus?: (connected: boolean) => void;
  reconnectMs?: number;
  connect?: (url: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => Socket;
};

export type Realtime = { close(): void; readonly socket: Socket };

function isRealtimeMessage(value: unknown): value is RealtimeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.scope === 'string' && typeof candidate.event === 'string';
}

/**
 * The organization's live updates (R4.16): sends token, channel and device on open,
 * reconnects after 1 s with a fresh token, and drops events this device caused.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const delay = options.reconnectMs ?? REALTIME_RECONNECT_MS;
  const connect = options.connect ?? ((url, socketOptions) => (url ? io(url, socketOptions) : io(socketOptions)));
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const socket = connect(options.url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnectionDelay: delay,
    reconnectionDelayMax: delay,
    randomizationFactor: 0,
    auth: (send: (data: object) => void) => {
      options.getToken().then(
        (token) => send({ token, channel: options.channel, device: options.device }),
        () => send({ token: null, channel: options.channel, device: options.device }),
      );
    },
  });

  // socket.io retries transport drops by itself; a server-side disconnect or a refused
  // handshake leaves the socket inactive, so those are retried here after the same delay.
  function retryLater(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!closed && !socket.connected) socket.connect();
    }, delay);
  }

  socket.on('connect', () => options.onStatus?.(true));
  socket.on('disconnect', () => {
    options.onStatus?.(false);
    if (!socket.active) retryLater();
  });
  socket.on('connect_error', () => {
    if (!socket.active) retryLater();
  });
  socket.on(REALTIME_EVENT, (payload: unknown) => {
    if (!isRealtimeMessage(payload)) return;
    if (payload.device && payload.device === options.device) return;
    options.onMessage(payload);
  });

  return {
    socket,
    close(): void {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket.disconnect();
    },
  };
}
