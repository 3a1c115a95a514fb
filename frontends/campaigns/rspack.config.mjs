import { remoteConfig } from '../rspack.shared.mjs';

// The campaigns remote: served by the gateway at /remotes/campaigns/, mounted by the shell at /:orgaId/store/:storeId/campaigns
// (its entry in frontends/shell/src/remotes/remotes.manifest.json).
export function campaignsConfig({ mode = 'production' } = {}) {
  return remoteConfig({
    name: 'campaigns',
    federationName: 'campaigns',
    mode,
    publicPath: '/remotes/campaigns/',
    exposes: { './routes': './src/routes.tsx' },
  });
}

export default campaignsConfig;
