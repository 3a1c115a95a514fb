import type { ShellBridge } from '@pawline/api-client';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';

/**
 * What the shell hands every remote: the signed-in session, language, snackbar and the way
 * out. Passed as props, not context: each federated bundle has its own copy of our libs.
 * null until someone is signed in.
 */
export function useShellBridge(): ShellBridge | null {
  const session = useSession();
  const { language, changeLanguage } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const signedIn = session.state.status === 'signed-in' ? session.state : null;
  const user = signedIn?.user ?? null;
  const orga = signedIn?.orga ?? null;

  return useMemo<ShellBridge | null>(
    () =>
      user && {
        api: session.api,
        user,
        language,
        notify,
        reloadUser: session.reloadUser,
        changeLanguage,
        signedOut: () => {
          session.forget();
          void navigate('/');
        },
        appVersion: APP_VERSION,
        orga,
        reloadOrganization: session.reloadOrganization,
        subscribe: session.subscribe,
        declinedNotifications: true,
      },
    [user, orga, session, language, notify, changeLanguage, navigate],
  );
}
