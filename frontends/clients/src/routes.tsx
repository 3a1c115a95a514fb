import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, useLocation, useSearchParams } from 'react-router';
import { CustomerListPage } from './customers/CustomerListPage';
import { CustomerPage } from './customers/CustomerPage';
import { CLIENTS_NAMESPACES, clientsTranslator } from './i18n/translator';
import { PetListPage } from './pets/PetListPage';
import { PetPage } from './pets/PetPage';
import type { ClientsContext } from './shared/clients-context';

/** The pages this remote owns, matched on the whole path so the shell may mount it at each route. */
export const CLIENTS_PATHS = {
  customers: '/:orgaId/store/:storeId/customers',
  customer: '/:orgaId/store/:storeId/customer/:customerId',
  storePets: '/:orgaId/store/:storeId/pet',
  pet: '/:orgaId/store/:storeId/pet/:petId',
  orgaPets: '/:orgaId/pet',
} as const;

export type ClientsPage =
  | { page: 'customers'; orgaId: string; storeId: string }
  | { page: 'customer'; orgaId: string; storeId: string; customerId: string }
  | { page: 'pets'; orgaId: string; storeId: string | null }
  | { page: 'pet'; orgaId: string; storeId: string; petId: string }
  | { page: 'none' };

export function clientsPageOf(pathname: string): ClientsPage {
  const path = pathname.replace(/\/+$/, '') || '/';
  const m = (pattern: string) => matchPath({ path: pattern, end: true }, path)?.params;
  let p = m(CLIENTS_PATHS.customers);
  if (p?.orgaId && p.storeId) return { page: 'customers', orgaId: p.orgaId, storeId: p.storeId };
  p = m(CLIENTS_PATHS.customer);
  if (p?.orgaId && p.storeId && p.customerId) return { page: 'customer', orgaId: p.orgaId, storeId: p.storeId, customerId: p.customerId };
  p = m(CLIENTS_PATHS.pet);
  if (p?.orgaId && p.storeId && p.petId) return { page: 'pet', orgaId: p.orgaId, storeId: p.storeId, petId: p.petId };
  p = m(CLIENTS_PATHS.storePets);
  if (p?.orgaId && p.storeId) return { page: 'pets', orgaId: p.orgaId, storeId: p.storeId };
  p = m(CLIENTS_PATHS.orgaPets);
  if (p?.orgaId) return { page: 'pets', orgaId: p.orgaId, storeId: null };
  return { page: 'none' };
}

/** Exposed as 'clients/routes'; the shell mounts it at the five routes of CLIENTS_PATHS. */
export function ClientsRoutes(bridge: ShellBridge) {
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={CLIENTS_NAMESPACES}>
        <ClientsPages {...bridge} />
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function ClientsPages(bridge: ShellBridge) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const t = useMemo(() => clientsTranslator(bridge.language), [bridge.language]);
  const ctx = useMemo<ClientsContext>(() => ({ bridge, t }), [bridge, t]);
  const route = clientsPageOf(location.pathname);

  switch (route.page) {
    case 'customers':
      return <CustomerListPage key={`${route.orgaId}/${route.storeId}`} ctx={ctx} orgaId={route.orgaId} storeId={route.storeId} />;
    case 'customer':
      return <CustomerPage key={route.customerId} ctx={ctx} orgaId={route.orgaId} storeId={route.storeId} customerId={route.customerId} />;
    case 'pet':
      return (
        <PetPage
          key={route.petId}
          ctx={ctx}
          orgaId={route.orgaId}
          storeId={route.storeId}
          petId={route.petId}
          newOwnerId={searchParams.get('customer')}
        />
      );
    case 'pets':
      return <PetListPage key={`${route.orgaId}/${route.storeId ?? ''}`} ctx={ctx} orgaId={route.orgaId} storeId={route.storeId} />;
    default:
      return (
        <ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />
      );
  }
}
