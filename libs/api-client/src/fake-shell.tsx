import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createTestQueryClient } from './data-layer/api-query-client';
import { fakeRealtimeFeed, type FakeRealtimeFeed } from './fake-gateway-fetch';

export type FakeShell = {
  /** The fresh QueryClient the shell would own, for the test to look into. */
  client: QueryClient;
  /** The shell's realtime connection: `realtime.subscribe` goes on the bridge, `realtime.send` delivers a message. */
  realtime: FakeRealtimeFeed;
  /** Wraps what the test renders as the shell's signed-in frame does: `render(<Shell>…</Shell>)`. */
  Shell: (props: { children: ReactNode }) => ReactNode;
};

/**
 * What the shell gives a remote around its routes, for a remote's page tests (with fakeGatewayFetch behind
 * fetch): a fresh QueryClient and the realtime feed applying the invalidation table to it.
 */
export function fakeShell(): FakeShell {
  const client = createTestQueryClient();
  const realtime = fakeRealtimeFeed(client);
  return {
    client,
    realtime,
    Shell: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  };
}
