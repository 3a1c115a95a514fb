import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRemoteHttp, type RemoteHttp } from '../remote-http';
import type { ShellBridge } from '../shell-bridge';
import { createApiQueryClient } from './api-query-client';
import { createRealtimeInvalidator } from './realtime-invalidation';

/** How the hooks reach the gateway: the JSON calls, downloads and uploads of this bundle's copy of the library. */
export type ApiHttp = Pick<RemoteHttp, 'request' | 'download' | 'upload' | 'url'>;

/** The one kind of feedback a write gives (issue 25): a success snackbar, or the failure in the user's language. */
export type ApiFeedback = {
  success: (message: string) => void;
  failure: (error: unknown) => void;
};

export type ApiLayer = { http: ApiHttp; feedback: ApiFeedback };

// One context per copy of this library: a remote's hooks read the layer its own root provides. The
// QueryClient is the other way round: react-query is a Module Federation singleton, so its context
// (and the shell's client in it) is the same object in every bundle (ADR 0039).
const ApiLayerContext = createContext<ApiLayer | null>(null);

export function useApiLayer(): ApiLayer {
  const layer = useContext(ApiLayerContext);
  if (!layer) throw new Error('useApiQuery and useApiMutation need an ApiLayerProvider (RemoteApiProvider at a remote’s root)');
  return layer;
}

/** The calls of this bundle, for what is not a query: a download's Blob, a URL (R7.10). */
export function useApiHttp(): ApiHttp {
  return useApiLayer().http;
}

export function ApiLayerProvider({ layer, children }: { layer: ApiLayer; children: ReactNode }) {
  return <ApiLayerContext.Provider value={layer}>{children}</ApiLayerContext.Provider>;
}

export type RemoteApiProviderProps = {
  bridge: Pick<ShellBridge, 'api' | 'language' | 'subscribe'>;
  /** The snackbars of writes: `snackbarFeedback(bridge)` of @pawline/ui. */
  feedback: ApiFeedback;
  children: ReactNode;
};

/**
 * A remote's root: its hooks call the gateway with the shell's session (createRemoteHttp over the bridge)
 * and share the shell's QueryClient. A shell older than the data layer has none: the remote then keeps a
 * client of its own and applies the realtime table to it itself, over bridge.subscribe.
 */
export function RemoteApiProvider({ bridge, feedback, children }: RemoteApiProviderProps) {
  const shared = useContext(QueryClientContext);
  const http = useMemo(() => createRemoteHttp({ api: bridge.api, language: bridge.language }), [bridge.api, bridge.language]);
  const layer = useMemo<ApiLayer>(() => ({ http, feedback }), [http, feedback]);
  const content = <ApiLayerProvider layer={layer}>{children}</ApiLayerProvider>;
  if (shared) return content;
  return <OwnQueryClient subscribe={bridge.subscribe}>{content}</OwnQueryClient>;
}

function OwnQueryClient({ subscribe, children }: { subscribe: ShellBridge['subscribe']; children: ReactNode }) {
  const [client] = useState<QueryClient>(createApiQueryClient);
  useEffect(() => {
    if (!subscribe) return undefined;
    const invalidator = createRealtimeInvalidator(client);
    const unsubscribe = subscribe(invalidator.apply);
    return () => {
      unsubscribe();
      invalidator.stop();
    };
  }, [client, subscribe]);
  useEffect(() => () => client.clear(), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
