import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig, sharedSingletons } from '../rspack.shared.mjs';

// The settings remote: served by the gateway at /remotes/settings/, mounted by the shell at /user.
export function settingsConfig({ mode = 'production' } = {}) {
  const config = baseConfig({ name: 'settings', mode, publicPath: '/remotes/settings/' });
  return {
    ...config,
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name: 'settings',
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

export default settingsConfig;
