import type { ShellBridge } from '@pawline/api-client';
import { ErrorPage } from '@pawline/ui';
import { Route, Routes } from 'react-router';
import { settingsTranslator } from './i18n/translator';
import { UserPage } from './user/UserPage';

/** Exposed as 'settings/routes'; the shell mounts it under /user/*. */
export function SettingsRoutes(bridge: ShellBridge) {
  const t = settingsTranslator(bridge.language);
  return (
    <Routes>
      <Route index element={<UserPage bridge={bridge} />} />
      <Route path="*" element={<ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />} />
    </Routes>
  );
}
