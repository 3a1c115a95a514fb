import { Heading, Stack } from '@chakra-ui/react';
import { ErrorPage } from '@pawline/ui';
import { Navigate, useParams } from 'react-router';
import { visibleStores } from '../access/orga-access';
import { RemoteMount } from '../remotes/RemoteMount';
import { useShellBridge } from '../remotes/useShellBridge';
import { useErrorTexts } from './useErrorTexts';

/**
 * The calendar remote at /{orgaId}/store/{storeId} (the store home) and
 * /{orgaId}/store/{storeId}/recurring; it picks its page from the whole path.
 */
export function CalendarRoute() {
  const bridge = useShellBridge();
  const errorTexts = useErrorTexts();
  const { orgaId, storeId } = useParams();
  const user = bridge?.user ?? null;
  const orga = bridge?.orga ?? null;

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
