import { remoteConfig } from '../rspack.shared.mjs';

// The analyses remote: served by the gateway at /remotes/analyses/, mounted by the shell at /:orgaId/store/:storeId/analyses
// (its entry in frontends/shell/src/remotes/remotes.manifest.json).
export function analysesConfig({ mode = 'production' } = {}) {
  return remoteConfig({
    name: 'analyses',
    federationName: 'analyses',
    mode,
    publicPath: '/remotes/analyses/',
    exposes: { './routes': './src/routes.tsx' },
  });
}

export default analysesConfig;
