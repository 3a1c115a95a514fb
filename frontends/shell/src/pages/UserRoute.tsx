import { RemoteMount } from '../remotes/RemoteMount';
import { useShellBridge } from '../remotes/useShellBridge';

/** Mounts one of the settings remote's exposed route sets, handed what they need from the shell. */
export function SettingsRemoteRoute({ exportName }: { exportName: 'SettingsRoutes' | 'OrgaSettingsRoutes' | 'StoresRoutes' }) {
  const bridge = useShellBridge();
  if (!bridge) return null;
  return <RemoteMount id="settings/routes" exportName={exportName} bridge={bridge} />;
}

/** /user: the settings remote's user page. */
export function UserRoute() {
  return <SettingsRemoteRoute exportName="SettingsRoutes" />;
}
