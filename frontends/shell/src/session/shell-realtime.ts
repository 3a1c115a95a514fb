import { createRealtime, type ApiClient, type Realtime, type RealtimeFeed, type RealtimeOptions } from '@pawline/api-client';

// Organization-level realtime scopes that change what the frame shows (store names, tier).
export const ORGANIZATION_SCOPES: ReadonlySet<string> = new Set(['orga', 'organization', 'store', 'subscription']);

export type ShellRealtimeOptions = {
  api: Pick<ApiClient, 'freshAccessToken' | 'deviceId'>;
  orgaId: string;
  /** Where every message goes for the remotes (ShellBridge.subscribe). */
  feed: RealtimeFeed;
  /** Refetches the organization after an organization/store/subscription event. */
  reloadOrganization: () => Promise<void>;
  open?: (options: RealtimeOptions) => Realtime;
};

/**
 * The shell's one realtime connection for the signed-in organization: a fresh token on every
 * (re)connection, the frame's own refetch, and every message handed to the remotes' listeners.
 * Returns the close.
 */
export function startShellRealtime(options: ShellRealtimeOptions): () => void {
  const open = options.open ?? createRealtime;
  const realtime = open({
    getToken: () => options.api.freshAccessToken(),
    channel: options.orgaId,
    device: options.api.deviceId,
    onMessage: (message) => {
      if (ORGANIZATION_SCOPES.has(message.scope)) void options.reloadOrganization().catch(() => undefined);
      options.feed.publish(message);
    },
  });
  return () => realtime.close();
}
