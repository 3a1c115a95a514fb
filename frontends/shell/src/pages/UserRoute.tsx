import type { ShellBridge } from '@pawline/api-client';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';
import { RemoteMount } from '../remotes/RemoteMount';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';

/** /user: the settings remote's routes, handed what they need from the shell. */
export function UserRoute() {
  const session = useSession();
  const { language, changeLanguage } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const user = session.state.status === 'signed-in' ? session.state.user : null;

  const bridge = useMemo<ShellBridge | null>(
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
      },
    [user, session, language, notify, changeLanguage, navigate],
  );

  if (!bridge) return null;
  return <RemoteMount id="settings/routes" exportName="SettingsRoutes" bridge={bridge} />;
}
