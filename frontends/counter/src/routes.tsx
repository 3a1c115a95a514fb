import { Heading, Stack, Text } from '@chakra-ui/react';
import { RemoteApiProvider, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, QueryState, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { COUNTER_NAMESPACES, counterTranslator, type Translate } from './i18n/translator';

/**
 * An example read through the data layer (libs/api-client README "A page on the data layer"): the
 * organization by its API_ROUTES name, kept current by the shell's realtime table (scope orga).
 * Replace it with the remote's own routes; QueryState shows loading, the failure with a retry, and the answer.
 */
function OrganizationLine({ bridge, t, orgaId, title }: { bridge: ShellBridge; t: Translate; orgaId: string; title: string }) {
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  return (
    <QueryState query={orga} language={bridge.language} errorTitle={t('counter.loadFailed')}>
      {(value) => <Text data-testid="counter-orga">{t('counter.intro', { title, orga: value.name })}</Text>}
    </QueryState>
  );
}

function HomePage({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const title = t('counter.title');
  const orgaId = bridge.orga?.id ?? bridge.user.orga_id;
  return (
    <Stack gap="3" data-testid="counter-page">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text>{t('counter.welcome', { name: bridge.user.first_name })}</Text>
      {orgaId ? <OrganizationLine bridge={bridge} t={t} orgaId={orgaId} title={title} /> : null}
    </Stack>
  );
}

/** Exposed as 'counter/routes'; the shell mounts it at /:orgaId/store/:storeId/counter/*. */
export function CounterRoutes(bridge: ShellBridge) {
  const t = useMemo(() => counterTranslator(bridge.language), [bridge.language]);
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={COUNTER_NAMESPACES}>
        <Routes>
          <Route index element={<HomePage bridge={bridge} t={t} />} />
          <Route
            path="*"
            element={
              <ErrorPage
                status={404}
                texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }}
              />
            }
          />
        </Routes>
      </CatalogueGate>
    </RemoteApiProvider>
  );
}
