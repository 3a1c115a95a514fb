import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../session/SessionProvider';
import { isOrgaAdministrator } from './orga-access';

/** spec §6 / R2.02 R6.05: another organization or a non-administrator goes to /. */
export function RequireOrgaAdmin({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const { orgaId } = useParams();
  if (state.status !== 'signed-in') return null;
  if (state.user.orga_id !== orgaId || !isOrgaAdministrator(state.orga, state.user.id)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
