import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig, sharedSingletons } from '../rspack.shared.mjs';

// The clients remote (customers, pets, tags): served by the gateway at /remotes/clients/,
// mounted by the shell at /{orgaId}/pet and /{orgaId}/store/{storeId}/{customers,customer,pet}.
export function clientsConfig({ mode = 'production' } = {}) {
  const config = baseConfig({ name: 'clients', mode, publicPath: '/remotes/clients/' });
  return {
    ...config,
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name: 'clients',
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.tsx' },
        shared: sharedSingletons,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
      }),
    ],
  };
}

export default clientsConfig;
