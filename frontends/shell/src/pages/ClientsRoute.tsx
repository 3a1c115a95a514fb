import type { ShellBridge } from '@pawline/api-client';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';
import { RemoteMount } from '../remotes/RemoteMount';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';

/**
 * The clients remote (customers, pets, tags) at /{orgaId}/pet and /{orgaId}/store/{storeId}/
 * {customers, customer/{id}, pet, pet/{id}}; it picks its page from the whole path.
 */
export function ClientsRoute() {
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
  return <RemoteMount id="clients/routes" exportName="ClientsRoutes" bridge={bridge} />;
}
