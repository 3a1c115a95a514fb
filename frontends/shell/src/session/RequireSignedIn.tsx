import { LoadingState } from '@pawline/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from './SessionProvider';

/** spec §6 / R6.05: not logged in → /login; just logged out here → / (R2.09). */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const { t } = useI18n();
  const location = useLocation();
  if (state.status === 'starting') return <LoadingState label={t('common.loading')} />;
  if (state.status === 'signed-out') {
    return state.loggedOut ? <Navigate to="/" replace /> : <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return <>{children}</>;
}
