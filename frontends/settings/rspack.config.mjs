import { remoteConfig } from '../rspack.shared.mjs';

// The settings remote: served by the gateway at /remotes/settings/, mounted by the shell at /user.
export function settingsConfig({ mode = 'production' } = {}) {
  return remoteConfig({ name: 'settings', mode, publicPath: '/remotes/settings/', exposes: { './routes': './src/routes.tsx' } });
}

export default settingsConfig;
