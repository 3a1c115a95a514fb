import { Heading, Stack } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { ErrorPage } from '@pawline/ui';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { visibleStores } from '../access/orga-access';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';
import { RemoteMount } from '../remotes/RemoteMount';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';
import { useErrorTexts } from './useErrorTexts';

/**
 * The calendar remote at /{orgaId}/store/{storeId} (the store home) and
 * /{orgaId}/store/{storeId}/recurring; it picks its page from the whole path.
 */
export function CalendarRoute() {
  const session = useSession();
  const { language, changeLanguage } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorTexts = useErrorTexts();
  const { orgaId, storeId } = useParams();
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

  if (!bridge || !user) return null;
  // spec §6 / R6.05: a user of another organization, or of a store they do not reach, is sent home.
  if (user.orga_id !== orgaId) return <Navigate to="/" replace />;
  const store = orga?.stores.find((candidate) => candidate.id === storeId);
  if (!orga || !store) return <ErrorPage status={404} texts={errorTexts} />;
  if (!visibleStores(orga, user.id).some((candidate) => candidate.id === store.id)) return <Navigate to="/" replace />;
  return (
    <Stack gap="3" data-testid="store-home">
      <Heading as="h2" size="lg" data-testid="store-name">
        {store.name}
      </Heading>
      <RemoteMount id="calendar/routes" exportName="CalendarRoutes" bridge={bridge} />
    </Stack>
  );
}
