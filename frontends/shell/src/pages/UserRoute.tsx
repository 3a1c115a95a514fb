import type { ShellBridge } from '@pawline/api-client';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';
import { RemoteMount } from '../remotes/RemoteMount';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';

/** Mounts one of the settings remote's exposed route sets, handed what they need from the shell. */
export function SettingsRemoteRoute({ exportName }: { exportName: 'SettingsRoutes' | 'OrgaSettingsRoutes' | 'StoresRoutes' }) {
  const session = useSession();
  const { language, changeLanguage } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const signedIn = session.state.status === 'signed-in' ? session.state : null;
  const user = signedIn?.user ?? null;
  const orga = signedIn?.orga ?? null;

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
        orga,
        reloadOrganization: session.reloadOrganization,
      },
    [user, orga, session, language, notify, changeLanguage, navigate],
  );

  if (!bridge) return null;
  return <RemoteMount id="settings/routes" exportName={exportName} bridge={bridge} />;
}

/** /user: the settings remote's user page. */
export function UserRoute() {
  return <SettingsRemoteRoute exportName="SettingsRoutes" />;
}
