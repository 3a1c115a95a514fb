import { Heading, Stack } from '@chakra-ui/react';
import { ErrorPage } from '@pawline/ui';
import { Navigate, useParams } from 'react-router';
import { isOrgaAdministrator } from '../access/orga-access';
import { useErrorTexts } from '../pages/useErrorTexts';
import { RequireSignedIn } from '../session/RequireSignedIn';
import { missingFeature } from '../subscription/premium-pages';
import { PremiumFeaturePage } from '../subscription/PremiumFeaturePage';
import { guardVerdict, pathIdsWellFormed, type ManifestMount } from './remote-manifest';
import { RemoteMount } from './RemoteMount';
import { useShellBridge } from './useShellBridge';

/** One route of the remotes manifest: sign-in, the entry's guard, then the remote's route set. */
export function RemoteRoute({ mount }: { mount: ManifestMount }) {
  const { orgaId, storeId } = useParams();
  const errorTexts = useErrorTexts();
  if (!pathIdsWellFormed(orgaId, storeId)) return <ErrorPage status={404} texts={errorTexts} />;
  return (
    <RequireSignedIn>
      <GuardedRemote mount={mount} />
    </RequireSignedIn>
  );
}

function GuardedRemote({ mount }: { mount: ManifestMount }) {
  const bridge = useShellBridge();
  const errorTexts = useErrorTexts();
  const { orgaId, storeId } = useParams();
  const verdict = guardVerdict(mount.who, { user: bridge.user, orga: bridge.orga ?? null }, orgaId, storeId, mount.hiddenAtTiers);
  if (!verdict.allow) return verdict.to === 'home' ? <Navigate to="/" replace /> : <ErrorPage status={404} texts={errorTexts} />;
  // a premium page the organization's plan lacks: what it does, and the way to upgrade (R1.20)
  const lacking = missingFeature(mount.path, bridge.orga ?? null);
  if (lacking && bridge.orga) {
    const admin = isOrgaAdministrator(bridge.orga, bridge.user.id);
    return <PremiumFeaturePage feature={lacking} orgaId={bridge.orga.id} tier={bridge.orga.tier} admin={admin} />;
  }
  const remote = <RemoteMount id={mount.module} exportName={mount.export} bridge={bridge} />;
  if (mount.frame !== 'store') return remote;
  // the store home (R2.01): the store's name above the remote
  const store = bridge.orga?.stores.find((candidate) => candidate.id === storeId);
  return (
    <Stack gap="3" data-testid="store-home">
      <Heading as="h2" size="lg" data-testid="store-name">
        {store?.name}
      </Heading>
      {remote}
    </Stack>
  );
}
