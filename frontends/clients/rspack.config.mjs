import { remoteConfig } from '../rspack.shared.mjs';

// The clients remote (customers, pets, tags): served by the gateway at /remotes/clients/,
// mounted by the shell at /{orgaId}/pet and /{orgaId}/store/{storeId}/{customers,customer,pet}.
export function clientsConfig({ mode = 'production' } = {}) {
  return remoteConfig({ name: 'clients', mode, publicPath: '/remotes/clients/', exposes: { './routes': './src/routes.tsx' } });
}

export default clientsConfig;
