import { remoteConfig } from '../rspack.shared.mjs';

// The counter remote: served by the gateway at /remotes/counter/, mounted by the shell at /:orgaId/store/:storeId/counter
// (its entry in frontends/shell/src/remotes/remotes.manifest.json).
export function counterConfig({ mode = 'production' } = {}) {
  return remoteConfig({
    name: 'counter',
    federationName: 'counter',
    mode,
    publicPath: '/remotes/counter/',
    exposes: { './routes': './src/routes.tsx' },
  });
}

export default counterConfig;
