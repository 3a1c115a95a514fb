import { Stack } from '@chakra-ui/react';
import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, RemoteTabs, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { COUNTER_NAMESPACES, counterTranslator } from './i18n/translator';
import { PayrollPage } from './payroll/PayrollPage';
import { ProductsPage } from './products/ProductsPage';
import { SalePage } from './sale/SalePage';
import type { CounterContext } from './shared/counter-context';
import { StockPage } from './stock/StockPage';

export const COUNTER_BASE = '/:orgaId/store/:storeId/counter';

/** Exposed as 'counter/routes'; the shell mounts it at /:orgaId/store/:storeId/counter/* for store writers. */
export function CounterRoutes(bridge: ShellBridge) {
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={COUNTER_NAMESPACES}>
        <CounterPages {...bridge} />
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function CounterPages(bridge: ShellBridge) {
  const location = useLocation();
  const t = useMemo(() => counterTranslator(bridge.language), [bridge.language]);
  const params = matchPath({ path: `${COUNTER_BASE}/*`, end: false }, location.pathname)?.params;
  const orgaId = params?.orgaId ?? '';
  const storeId = params?.storeId ?? '';
  const base = `/${orgaId}/store/${storeId}/counter`;
  const ctx = useMemo<CounterContext>(() => ({ bridge, t, orgaId, storeId, base }), [bridge, t, orgaId, storeId, base]);
  const tabs = [
    { id: 'sale', to: '', label: t('counter.tabSale') },
    { id: 'stock', to: '/stock', label: t('counter.tabStock') },
    { id: 'products', to: '/products', label: t('counter.tabProducts') },
    { id: 'payroll', to: '/payroll', label: t('counter.tabPayroll') },
  ];
  const key = `${orgaId}/${storeId}`;
  return (
    <Stack gap="4" data-testid="counter-page">
      <RemoteTabs tabs={tabs} base={base} label={t('counter.tabsLabel')} testId="counter-tabs" />
      <Routes>
        <Route index element={<SalePage key={key} ctx={ctx} />} />
        <Route path="stock" element={<StockPage key={key} ctx={ctx} />} />
        <Route path="products" element={<ProductsPage key={key} ctx={ctx} />} />
        <Route path="payroll" element={<PayrollPage key={key} ctx={ctx} />} />
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
    </Stack>
  );
}
