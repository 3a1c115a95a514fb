import {
  createApiClient,
  createRealtimeFeed,
  type ApiClient,
  type Language,
  type PersonUser,
  type RealtimeMessage,
} from '@pawline/api-client';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { useNotify } from '../snackbar/SnackbarProvider';
import { loadSignedIn, startSession, type SessionState } from './session-start';

export type Session = {
  state: SessionState;
  api: ApiClient;
  login: (username: string, password: string) => Promise<void>;
  /** R2.04: signs in with the u and p of an /autologin link. */
  autologin: (u: string, p: string) => Promise<void>;
  /**
   * Issue 29: confirms the address by the mail's link token or its six digits; a registration
   * address signs in. Resolves whether it did.
   */
  confirmEmail: (proof: { token: string } | { email: string; code: string }) => Promise<boolean>;
  logout: () => Promise<void>;
  /** Forgets the local session after the server ended it (logout of all devices). */
  forget: () => void;
  /** Listens to the organization's live messages over the shell's one connection; returns the unsubscribe. */
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void;
  /** Listens for the connection coming back after a drop (the messages of the gap are lost); returns the unsubscribe. */
  subscribeReconnects: (listener: () => void) => () => void;
};

const SessionContext = createContext<Session | null>(null);

let startOnce: Promise<SessionState> | null = null;

export function SessionProvider({ language, children }: { language: Language; children: ReactNode }) {
  const languageRef = useRef(language);
  languageRef.current = language;
  const [state, setState] = useState<SessionState>({ status: 'starting' });

  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: '',
        getLanguage: () => languageRef.current,
        onUnauthorized: () => setState({ status: 'signed-out', startError: null, loggedOut: false }),
      }),
    [],
  );

  const notify = useNotify();
  const startError = state.status === 'signed-out' ? state.startError : null;
  useEffect(() => {
    // R8.07: a start-up failure other than "no session" (server unreachable) is shown
    if (startError) notify(SNACKBAR_TYPE.error, startError.message);
  }, [startError, notify]);

  useEffect(() => {
    // R4.15: the session is initialised once, even when React mounts effects twice.
    // both runs of a twice-mounted effect get the same answer; setting it after an unmount does nothing
    startOnce ??= startSession(api);
    void startOnce.then(setState);
  }, [api]);

  const signedInUser: PersonUser | null = state.status === 'signed-in' ? state.user : null;
  const orgaId = signedInUser?.orga_id ?? null;

  // One feed for the page's lifetime: the signed-in frame's QueryClient (realtime invalidation) and the
  // remotes not yet on the data layer keep their subscriptions across reconnects.
  const feed = useMemo(() => createRealtimeFeed((error) => console.error('realtime listener failed', error)), []);
  const reconnects = useMemo(() => new Set<() => void>(), []);

  useEffect(() => {
    // The shell's single realtime connection: opened once signed in for the user's
    // organization, closed on sign-out (orgaId becomes null) or when the organization changes.
    if (!orgaId) return undefined;
    // socket.io comes in its own chunk, once signed in: the login page does not need it
    let stop: (() => void) | null = null;
    let ended = false;
    void import('./shell-realtime').then(({ startShellRealtime }) => {
      if (!ended) stop = startShellRealtime({ api, orgaId, feed, onReconnect: () => reconnects.forEach((listener) => listener()) });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [api, orgaId, feed, reconnects]);

  const session = useMemo<Session>(
    () => ({
      state,
      api,
      async login(username, password) {
        await api.login(username, password);
        setState(await loadSignedIn(api));
      },
      async autologin(u, p) {
        await api.autologin(u, p);
        setState(await loadSignedIn(api));
      },
      async confirmEmail(proof) {
        const { signedIn } = 'token' in proof ? await api.verifyEmail(proof.token) : await api.verifyEmailCode(proof.email, proof.code);
        if (signedIn) setState(await loadSignedIn(api));
        return signedIn;
      },
      async logout() {
        try {
          await api.logout();
        } finally {
          setState({ status: 'signed-out', startError: null, loggedOut: true });
        }
      },
      forget() {
        api.clearSession();
        setState({ status: 'signed-out', startError: null, loggedOut: true });
      },
      subscribe: feed.subscribe,
      subscribeReconnects: (listener) => {
        reconnects.add(listener);
        return () => void reconnects.delete(listener);
      },
    }),
    [state, api, feed, reconnects],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
