import { Stack } from '@chakra-ui/react';
import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, Route, Routes, useLocation, useParams } from 'react-router';
import { CampaignFormPage } from './form/CampaignFormPage';
import { CAMPAIGNS_NAMESPACES, campaignsTranslator } from './i18n/translator';
import { CampaignListPage } from './list/CampaignListPage';
import { CampaignResultsPage } from './results/CampaignResultsPage';
import type { CampaignsContext } from './shared/campaign-context';

export const CAMPAIGNS_BASE = '/:orgaId/store/:storeId/marketing';

/** Exposed as 'campaigns/routes'; the shell mounts it at /:orgaId/store/:storeId/marketing/* for store administrators. */
export function CampaignsRoutes(bridge: ShellBridge) {
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={CAMPAIGNS_NAMESPACES}>
        <CampaignPages {...bridge} />
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function CampaignPages(bridge: ShellBridge) {
  const location = useLocation();
  const t = useMemo(() => campaignsTranslator(bridge.language), [bridge.language]);
  const params = matchPath({ path: `${CAMPAIGNS_BASE}/*`, end: false }, location.pathname)?.params;
  const orgaId = params?.orgaId ?? '';
  const storeId = params?.storeId ?? '';
  const ctx = useMemo<CampaignsContext>(
    () => ({
      bridge,
      t,
      orgaId,
      storeId,
      base: `/${orgaId}/store/${storeId}/marketing`,
    }),
    [bridge, t, orgaId, storeId],
  );
  const key = `${orgaId}/${storeId}`;
  return (
    <Stack gap="4" data-testid="campaigns-page">
      <Routes>
        <Route index element={<CampaignListPage key={key} ctx={ctx} />} />
        <Route path="new" element={<CampaignFormPage key={`${key}/new`} ctx={ctx} />} />
        <Route path=":campaignId/edit" element={<CampaignFormPage key={`${key}/edit`} ctx={ctx} />} />
        <Route path=":campaignId" element={<ResultsOrNotFound ctx={ctx} />} />
        <Route path="*" element={<NotFound ctx={ctx} />} />
      </Routes>
    </Stack>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A campaign's page by its id; any other path under the remote is the 404 page. */
function ResultsOrNotFound({ ctx }: { ctx: CampaignsContext }) {
  const campaignId = useParams().campaignId ?? '';
  return UUID.test(campaignId) ? <CampaignResultsPage key={`${ctx.storeId}/${campaignId}`} ctx={ctx} /> : <NotFound ctx={ctx} />;
}

function NotFound({ ctx: { t } }: { ctx: CampaignsContext }) {
  return (
    <ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />
  );
}
