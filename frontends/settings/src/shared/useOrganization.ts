import type { Organization, ShellBridge } from '@pawline/api-client';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from './options';

export type OrgaLoad = { status: 'loading' } | { status: 'ready'; orga: Organization } | { status: 'failed'; message: string };

/** Reads the organization afresh (GET /orga/{orga}) so a screen edits what the server has now. */
export function useOrganization(bridge: ShellBridge, orgaId: string) {
  const [load, setLoad] = useState<OrgaLoad>({ status: 'loading' });
  const { api } = bridge;
  const reload = useCallback(() => {
    setLoad((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    api.getOrganization(orgaId).then(
      (orga) => setLoad({ status: 'ready', orga }),
      (error: unknown) => setLoad({ status: 'failed', message: errorText(error) }),
    );
  }, [api, orgaId]);
  useEffect(() => reload(), [reload]);
  return { load, reload };
}
