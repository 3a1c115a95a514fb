import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeMessage } from './api-types';
import { realtimeInvalidations } from './data-layer/realtime-invalidation';
import type { ShellBridge } from './shell-bridge';

/** A request a remote's jsdom test sent to the fake gateway. */
export type FakeGatewayRequest = { method: string; path: string; body: unknown };
/** The fake gateway's answer: JSON with a status (200 by default). */
export type FakeGatewayAnswer = { status?: number; body: unknown };

const NOT_FOUND: FakeGatewayAnswer = { status: 404, body: { code: 'not_found', message: 'Not found' } };

/**
 * Puts a fake gateway behind globalThis.fetch for a remote's page tests (jsdom has no Response: the client
 * reads only status, ok, headers and the text): each request is recorded (method, decoded path, JSON body), then
 * answered by `answer` (with the whole URL for its query); undefined
 * is a 404. An answer that never settles keeps the page loading. Answers the list of requests sent.
 */
export function fakeGatewayFetch(
  answer: (request: FakeGatewayRequest, url: URL) => FakeGatewayAnswer | undefined | Promise<FakeGatewayAnswer | undefined>,
  notFound: FakeGatewayAnswer = NOT_FOUND,
): FakeGatewayRequest[] {
  const sent: FakeGatewayRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof URL ? input.href : typeof input === 'string' ? input : input.url, 'http://localhost');
    const request: FakeGatewayRequest = {
      method: init?.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    sent.push(request);
    const reply = (await answer(request, url)) ?? notFound;
    const status = reply.status ?? 200;
    const text = JSON.stringify(reply.body);
    return {
      status,
      ok: status >= 200 && status < 300,
      statusText: '',
      headers: new Map([['content-type', 'application/json']]),
      text: async () => text,
      blob: async () => new Blob([text]),
    } as unknown as Response;
  };
  return sent;
}

export type FakeRealtimeFeed = {
  subscribe: NonNullable<ShellBridge['subscribe']>;
  /** Delivers a message as the shell does: the realtime table invalidates the client's queries, then every listener gets it. */
  send: (message: RealtimeMessage) => void;
};

/**
 * The shell's realtime connection for a remote's page tests: `subscribe` is the bridge's (every page that
 * listens is kept until it unsubscribes); with the test's QueryClient, `send` applies the realtime table
 * (REALTIME_INVALIDATIONS) to it first, as the shell does, without the shell's gathering of bursts.
 */
export function fakeRealtimeFeed(client?: QueryClient): FakeRealtimeFeed {
  const listeners = new Set<(message: RealtimeMessage) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (message) => {
      for (const filter of client ? realtimeInvalidations(message) : []) void client?.invalidateQueries({ queryKey: filter });
      listeners.forEach((listener) => listener(message));
    },
  };
}
