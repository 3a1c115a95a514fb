import { remoteConfig } from '../rspack.shared.mjs';

// The messages remote: served by the gateway at /remotes/messages/, mounted by the shell at /:orgaId/store/:storeId/messages
// (its entry in frontends/shell/src/remotes/remotes.manifest.json).
export function messagesConfig({ mode = 'production' } = {}) {
  return remoteConfig({
    name: 'messages',
    federationName: 'messages',
    mode,
    publicPath: '/remotes/messages/',
    exposes: { './routes': './src/routes.tsx' },
  });
}

export default messagesConfig;
