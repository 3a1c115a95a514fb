import type { ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage } from '@pawline/ui';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { ANALYSES_NAMESPACES, analysesTranslator, type Translate } from './i18n/translator';
import type { AnalysesApi } from './statistics/analyses-api';
import { OrgaAnalysesPage } from './statistics/OrgaAnalysesPage';
import { StoreAnalysesPage } from './statistics/StoreAnalysesPage';

/** A bridge as the shell gives it; tests may pass the statistics calls they answer. */
export type AnalysesBridge = ShellBridge & { analysesApi?: AnalysesApi };

function NotFound({ t }: { t: Translate }) {
  return (
    <ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />
  );
}

/** Exposed as 'analyses/routes'; the shell mounts it at /:orgaId/store/:storeId/admin/analyses/* (store administrators). */
export function AnalysesRoutes(bridge: AnalysesBridge) {
  const t = useMemo(() => analysesTranslator(bridge.language), [bridge.language]);
  return (
    <CatalogueGate language={bridge.language} namespaces={ANALYSES_NAMESPACES}>
      <Routes>
        <Route index element={<StoreAnalysesPage bridge={bridge} t={t} api={bridge.analysesApi} />} />
        <Route path="*" element={<NotFound t={t} />} />
      </Routes>
    </CatalogueGate>
  );
}

/** The organization's statistics, mounted by the shell at /:orgaId (spec §2, organization administrators; an exact path, no sub-routes). */
export function OrgaAnalysesRoutes(bridge: AnalysesBridge) {
  const t = useMemo(() => analysesTranslator(bridge.language), [bridge.language]);
  return (
    <CatalogueGate language={bridge.language} namespaces={ANALYSES_NAMESPACES}>
      <OrgaAnalysesPage bridge={bridge} t={t} api={bridge.analysesApi} />
    </CatalogueGate>
  );
}
