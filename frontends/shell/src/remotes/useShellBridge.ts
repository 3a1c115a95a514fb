import type { ShellBridge } from '@pawline/api-client';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { useSignedIn } from '../session/signed-in-context';
import { useNotify } from '../snackbar/SnackbarProvider';

/**
 * What the shell hands every remote: the signed-in session, language, snackbar and the way
 * out. Passed as props, not context: each federated bundle has its own copy of our libs. The
 * QueryClient is not in it: react-query is shared like React, so the remote's hooks find the
 * signed-in frame's client in its context (ADR 0039). Only inside the signed-in frame.
 */
export function useShellBridge(): ShellBridge {
  const session = useSession();
  const { user, orga, reloadUser, reloadOrganization } = useSignedIn();
  const { language, changeLanguage } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();

  return useMemo<ShellBridge>(
    () => ({
      api: session.api,
      user,
      language,
      notify,
      reloadUser,
      changeLanguage,
      signedOut: () => {
        session.forget();
        void navigate('/');
      },
      appVersion: APP_VERSION,
      orga,
      reloadOrganization,
      subscribe: session.subscribe,
      declinedNotifications: true,
    }),
    [user, orga, reloadUser, reloadOrganization, session, language, notify, changeLanguage, navigate],
  );
}
