import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig, sharedSingletons } from '../rspack.shared.mjs';

// The calendar remote: served by the gateway at /remotes/calendar/, mounted by the shell at
// /{orgaId}/store/{storeId} (the store home) and /{orgaId}/store/{storeId}/recurring.
export function calendarConfig({ mode = 'production' } = {}) {
  const config = baseConfig({ name: 'calendar', mode, publicPath: '/remotes/calendar/' });
  return {
    ...config,
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name: 'calendar',
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

export default calendarConfig;
