import {
  apiQueryFilter,
  apiQueryKey,
  ApiLayerProvider,
  createApiQueryClient,
  createRealtimeInvalidator,
  createRemoteHttp,
  useApiQuery,
  type ApiClient,
  type ApiLayer,
  type RealtimeMessage,
} from '@pawline/api-client';
import { snackbarFeedback } from '@pawline/ui';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { useNotify } from '../snackbar/SnackbarProvider';
import type { SignedIn } from './session-start';
import { SignedInContext, type SignedInData } from './signed-in-context';

export type SignedInDataProps = {
  session: SignedIn;
  api: ApiClient;
  /** The shell's one realtime connection (SessionProvider's feed). */
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void;
  /** The connection coming back after a drop (absent: never told). */
  subscribeReconnects?: (listener: () => void) => () => void;
  children: ReactNode;
};

/** A client per sign-in, seeded with what the start-up read (R4.15), so nothing is read twice. */
function seededClient(session: SignedIn): QueryClient {
  const client = createApiQueryClient();
  client.setQueryData(apiQueryKey('getUser'), session.user);
  if (session.orga) client.setQueryData(apiQueryKey('getOrga', { params: { orga: session.orga.id } }), session.orga);
  return client;
}

/**
 * The shell's data layer for one signed-in person (ADR 0039): the one QueryClient every remote shares
 * (react-query is a Module Federation singleton), realtime messages turned into its invalidations, and
 * the shell's own queries. Made at sign-in, cleared at sign-out, so no answer of one person reaches the next.
 * It lives in the signed-in frame's chunk: the login page carries no react-query.
 */
export function SignedInDataProvider({ session, api, subscribe, subscribeReconnects, children }: SignedInDataProps) {
  const { language } = useI18n();
  const notify = useNotify();
  const [client] = useState(() => seededClient(session));
  useEffect(() => () => client.clear(), [client]);

  useEffect(() => {
    // spec §4: every realtime message of the organization invalidates what it changes, for every page
    const invalidator = createRealtimeInvalidator(client);
    const unsubscribe = subscribe(invalidator.apply);
    return () => {
      unsubscribe();
      invalidator.stop();
    };
  }, [client, subscribe]);

  // the messages of a drop are lost: everything on screen is read again, the rest marked stale
  useEffect(() => subscribeReconnects?.(() => void client.invalidateQueries()), [client, subscribeReconnects]);

  const layer = useMemo<ApiLayer>(() => {
    const http = createRemoteHttp({ api, language });
    // the shell's own reads go through its client: a session that stays unauthorized signs out
    return { http: { ...http, request: api.request }, feedback: snackbarFeedback({ notify, language }) };
  }, [api, language, notify]);

  return (
    <QueryClientProvider client={client}>
      <ApiLayerProvider layer={layer}>
        <SignedInQueries session={session}>{children}</SignedInQueries>
      </ApiLayerProvider>
    </QueryClientProvider>
  );
}

function SignedInQueries({ session, children }: { session: SignedIn; children: ReactNode }) {
  const client = useQueryClient();
  const user = useApiQuery('getUser');
  // the person's organization may go (cancelled, R2.09 elsewhere): the live person data says which one
  const orgaId = (user.data ?? session.user).orga_id;
  const orga = useApiQuery('getOrga', { params: { orga: orgaId ?? '' } }, { enabled: orgaId !== null });
  const value = useMemo<SignedInData>(
    () => ({
      user: user.data ?? session.user,
      orga: orgaId === null ? null : (orga.data ?? null),
      orgaError: orga.data ? null : (orga.error ?? session.orgaError),
      reloadUser: () => client.refetchQueries({ queryKey: apiQueryFilter('getUser') }),
      reloadOrganization: () => client.refetchQueries({ queryKey: apiQueryFilter('getOrga', { orga: orgaId ?? '' }) }),
    }),
    [user.data, orga.data, orga.error, orgaId, session, client],
  );
  return <SignedInContext.Provider value={value}>{children}</SignedInContext.Provider>;
}
