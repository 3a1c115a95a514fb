import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, snackbarFeedback } from '@pawline/ui';
import { useMemo, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { SETTINGS_NAMESPACES, settingsTranslator } from './i18n/translator';
import { ApiKeysPage } from './api-keys/ApiKeysPage';
import { WebhooksPage } from './webhooks/WebhooksPage';
import { PaymentPage } from './billing/PaymentPage';
import { PlanPage } from './billing/PlanPage';
import { CustomerSettingsPage } from './customer-settings/CustomerSettingsPage';
import { ExternalServicesPage } from './external-services/ExternalServicesPage';
import { OrgaSettingsPage } from './orga/OrgaSettingsPage';
import { StoresPage } from './stores/StoresPage';
import { TeamPage } from './team/TeamPage';
import { TreatmentsPage } from './treatments/TreatmentsPage';
import { UserPage } from './user/UserPage';

function NotFound({ bridge }: { bridge: ShellBridge }) {
  const t = settingsTranslator(bridge.language);
  return (
    <ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />
  );
}

/** Every route set's root: the data layer over the bridge (the shell's QueryClient and session, writes answered by snackbars). */
function SettingsRoot({ bridge, children }: { bridge: ShellBridge; children: ReactNode }) {
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={SETTINGS_NAMESPACES}>
        {children}
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

/** Exposed as 'settings/routes'; the shell mounts it under /user/*. */
export function SettingsRoutes(bridge: ShellBridge) {
  return (
    <SettingsRoot bridge={bridge}>
      <Routes>
        <Route index element={<UserPage bridge={bridge} />} />
        <Route path="*" element={<NotFound bridge={bridge} />} />
      </Routes>
    </SettingsRoot>
  );
}

/** The shell mounts it under /{orgaId}/settings/* for organization administrators (R2.02). */
export function OrgaSettingsRoutes(bridge: ShellBridge) {
  return (
    <SettingsRoot bridge={bridge}>
      <Routes>
        <Route index element={<OrgaSettingsPage bridge={bridge} />} />
        <Route path="users" element={<TeamPage bridge={bridge} />} />
        <Route path="treatments" element={<TreatmentsPage bridge={bridge} />} />
        <Route path="external-services" element={<ExternalServicesPage bridge={bridge} />} />
        <Route path="customers" element={<CustomerSettingsPage bridge={bridge} />} />
        <Route path="api-keys" element={<ApiKeysPage bridge={bridge} />} />
        <Route path="webhooks" element={<WebhooksPage bridge={bridge} />} />
        <Route path="*" element={<NotFound bridge={bridge} />} />
      </Routes>
    </SettingsRoot>
  );
}

/** The shell mounts it at /{orgaId}/store (the organization's stores). */
export function StoresRoutes(bridge: ShellBridge) {
  return (
    <SettingsRoot bridge={bridge}>
      <Routes>
        <Route index element={<StoresPage bridge={bridge} />} />
        <Route path="*" element={<NotFound bridge={bridge} />} />
      </Routes>
    </SettingsRoot>
  );
}

/** The shell mounts it at /{orgaId}/payment (Subscribe, issue 14) for organization administrators. */
export function PaymentRoutes(bridge: ShellBridge) {
  return (
    <SettingsRoot bridge={bridge}>
      <PaymentPage bridge={bridge} />
    </SettingsRoot>
  );
}

/** The shell mounts it at /{orgaId}/adminV2/plan (Update plan, issue 14) for organization administrators. */
export function PlanRoutes(bridge: ShellBridge) {
  return (
    <SettingsRoot bridge={bridge}>
      <PlanPage bridge={bridge} />
    </SettingsRoot>
  );
}
