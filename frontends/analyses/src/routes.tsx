import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, snackbarFeedback } from '@pawline/ui';
import { useMemo, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ANALYSES_NAMESPACES, analysesTranslator, type Translate } from './i18n/translator';
import { OrgaAnalysesPage } from './statistics/OrgaAnalysesPage';
import { StoreAnalysesPage } from './statistics/StoreAnalysesPage';

/** The remote's root: the data layer over the bridge (the shell's QueryClient and session), then its texts. */
function AnalysesRoot({ bridge, children }: { bridge: ShellBridge; children: ReactNode }) {
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={ANALYSES_NAMESPACES}>
        {children}
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function NotFound({ t }: { t: Translate }) {
  return (
    <ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />
  );
}

/** Exposed as 'analyses/routes'; the shell mounts it at /:orgaId/store/:storeId/admin/analyses/* (store administrators). */
export function AnalysesRoutes(bridge: ShellBridge) {
  const t = useMemo(() => analysesTranslator(bridge.language), [bridge.language]);
  return (
    <AnalysesRoot bridge={bridge}>
      <Routes>
        <Route index element={<StoreAnalysesPage bridge={bridge} t={t} />} />
        <Route path="*" element={<NotFound t={t} />} />
      </Routes>
    </AnalysesRoot>
  );
}

/** The organization's statistics, mounted by the shell at /:orgaId (spec §2, organization administrators; an exact path, no sub-routes). */
export function OrgaAnalysesRoutes(bridge: ShellBridge) {
  const t = useMemo(() => analysesTranslator(bridge.language), [bridge.language]);
  return (
    <AnalysesRoot bridge={bridge}>
      <OrgaAnalysesPage bridge={bridge} t={t} />
    </AnalysesRoot>
  );
}
