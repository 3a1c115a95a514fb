import { createRealtime, type ApiClient, type Realtime, type RealtimeFeed, type RealtimeOptions } from '@pawline/api-client';

export type ShellRealtimeOptions = {
  api: Pick<ApiClient, 'freshAccessToken' | 'deviceId'>;
  orgaId: string;
  /** Where every message goes: the signed-in frame's realtime invalidation, and the remotes (ShellBridge.subscribe). */
  feed: RealtimeFeed;
  /** The connection is back after a drop: the messages of the gap are lost, so what is shown is read again. */
  onReconnect?: () => void;
  open?: (options: RealtimeOptions) => Realtime;
};

/**
 * The shell's one realtime connection for the signed-in organization: a fresh token on every
 * (re)connection, and every message handed to the feed's listeners (first among them the realtime
 * table that invalidates the shared QueryClient, ADR 0039). Returns the close.
 */
export function startShellRealtime(options: ShellRealtimeOptions): () => void {
  const open = options.open ?? createRealtime;
  let wasConnected = false;
  const realtime = open({
    getToken: () => options.api.freshAccessToken(),
    channel: options.orgaId,
    device: options.api.deviceId,
    onMessage: (message) => options.feed.publish(message),
    onStatus: (connected) => {
      if (connected && wasConnected) options.onReconnect?.();
      wasConnected ||= connected;
    },
  });
  return () => realtime.close();
}
