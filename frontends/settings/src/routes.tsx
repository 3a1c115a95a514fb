import type { ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage } from '@pawline/ui';
import { Route, Routes } from 'react-router';
import { SETTINGS_NAMESPACES, settingsTranslator } from './i18n/translator';
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

/** Exposed as 'settings/routes'; the shell mounts it under /user/*. */
export function SettingsRoutes(bridge: ShellBridge) {
  return (
    <CatalogueGate language={bridge.language} namespaces={SETTINGS_NAMESPACES}>
      <Routes>
        <Route index element={<UserPage bridge={bridge} />} />
        <Route path="*" element={<NotFound bridge={bridge} />} />
      </Routes>
    </CatalogueGate>
  );
}

/** The shell mounts it under /{orgaId}/settings/* for organization administrators (R2.02). */
export function OrgaSettingsRoutes(bridge: ShellBridge) {
  return (
    <CatalogueGate language={bridge.language} namespaces={SETTINGS_NAMESPACES}>
      <Routes>
        <Route index element={<OrgaSettingsPage bridge={bridge} />} />
        <Route path="users" element={<TeamPage bridge={bridge} />} />
        <Route path="treatments" element={<TreatmentsPage bridge={bridge} />} />
        <Route path="external-services" element={<ExternalServicesPage bridge={bridge} />} />
        <Route path="customers" element={<CustomerSettingsPage bridge={bridge} />} />
        <Route path="*" element={<NotFound bridge={bridge} />} />
      </Routes>
    </CatalogueGate>
  );
}

/** The shell mounts it at /{orgaId}/store (the organization's stores). */
export function StoresRoutes(bridge: ShellBridge) {
  return (
    <CatalogueGate language={bridge.language} namespaces={SETTINGS_NAMESPACES}>
      <Routes>
        <Route index element={<StoresPage bridge={bridge} />} />
        <Route path="*" element={<NotFound bridge={bridge} />} />
      </Routes>
    </CatalogueGate>
  );
}

/** The shell mounts it at /{orgaId}/payment (Subscribe, issue 14) for organization administrators. */
export function PaymentRoutes(bridge: ShellBridge) {
  return (
    <CatalogueGate language={bridge.language} namespaces={SETTINGS_NAMESPACES}>
      <PaymentPage bridge={bridge} />
    </CatalogueGate>
  );
}

/** The shell mounts it at /{orgaId}/adminV2/plan (Update plan, issue 14) for organization administrators. */
export function PlanRoutes(bridge: ShellBridge) {
  return (
    <CatalogueGate language={bridge.language} namespaces={SETTINGS_NAMESPACES}>
      <PlanPage bridge={bridge} />
    </CatalogueGate>
  );
}
