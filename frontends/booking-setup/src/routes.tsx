import { Stack } from '@chakra-ui/react';
import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, RemoteTabs, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { AgreementPage } from './agreement/AgreementPage';
import { HoursPage } from './hours/HoursPage';
import { BOOKING_SETUP_NAMESPACES, bookingSetupTranslator } from './i18n/translator';
import { NoShowPolicyPage } from './no-shows/NoShowPolicyPage';
import { RequestsPage } from './requests/RequestsPage';
import { ServiceTimesPage } from './service-times/ServiceTimesPage';
import { SetupPage } from './setup/SetupPage';
import { WaitlistPage } from './waitlist/WaitlistPage';
import { bookingRights, type BookingContext } from './shared/booking-context';

export const BOOKING_BASE = '/:orgaId/store/:storeId/booking';

/** Exposed as 'bookingSetup/routes'; the shell mounts it at /:orgaId/store/:storeId/booking/*. */
export function BookingSetupRoutes(bridge: ShellBridge) {
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={BOOKING_SETUP_NAMESPACES}>
        <BookingPages {...bridge} />
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function BookingPages(bridge: ShellBridge) {
  const location = useLocation();
  const t = useMemo(() => bookingSetupTranslator(bridge.language), [bridge.language]);
  const params = matchPath({ path: `${BOOKING_BASE}/*`, end: false }, location.pathname)?.params;
  const orgaId = params?.orgaId ?? '';
  const storeId = params?.storeId ?? '';
  const ctx = useMemo<BookingContext>(
    () => ({
      bridge,
      t,
      orgaId,
      storeId,
      ...bookingRights(bridge, storeId),
      gatewayOrigin: window.location.origin,
    }),
    [bridge, t, orgaId, storeId],
  );
  const key = `${orgaId}/${storeId}`;

  return (
    <Stack gap="4">
      <RemoteTabs
        tabs={TABS.map((tab) => ({ id: tab.id, to: tab.to, label: t(tab.key) }))}
        label={t('booking-setup.title')}
        testId="booking-tabs"
        base={`/${orgaId}/store/${storeId}/booking`}
      />
      <Routes>
        <Route index element={<RequestsPage key={key} ctx={ctx} />} />
        <Route path="hours" element={<HoursPage key={key} ctx={ctx} />} />
        <Route path="service-times" element={<ServiceTimesPage key={key} ctx={ctx} />} />
        <Route path="setup" element={<SetupPage key={key} ctx={ctx} />} />
        <Route path="no-shows" element={<NoShowPolicyPage key={key} ctx={ctx} />} />
        <Route path="waitlist" element={<WaitlistPage key={key} ctx={ctx} />} />
        <Route path="agreement" element={<AgreementPage key={key} ctx={ctx} />} />
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

const TABS = [
  { id: 'requests', to: '', key: 'booking-setup.tabRequests' },
  { id: 'hours', to: '/hours', key: 'booking-setup.tabHours' },
  { id: 'service-times', to: '/service-times', key: 'booking-setup.tabServiceTimes' },
  { id: 'setup', to: '/setup', key: 'booking-setup.tabSetup' },
  { id: 'no-shows', to: '/no-shows', key: 'booking-setup.tabNoShows' },
  { id: 'waitlist', to: '/waitlist', key: 'booking-setup.tabWaitlist' },
  { id: 'agreement', to: '/agreement', key: 'booking-setup.tabAgreement' },
] as const;
