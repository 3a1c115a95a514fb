import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig, readRemotesManifest, sharedSingletons } from '../rspack.shared.mjs';

/** The remotes of src/remotes/remotes.manifest.json as MF remotes: pet-gallery → petGallery@/remotes/pet-gallery/remoteEntry.js. */
export function manifestRemotes(manifest = readRemotesManifest()) {
  return Object.fromEntries(
    manifest.remotes.map(({ name }) => {
      const federationName = name.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());
      return [federationName, `${federationName}@/remotes/${name}/remoteEntry.js`];
    }),
  );
}

// The shell: Module Federation host served by the gateway at /.
export function shellConfig({ mode = 'production' } = {}) {
  const config = baseConfig({ name: 'shell', mode, publicPath: '/' });
  return {
    ...config,
    entry: { main: './src/index.ts' },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './src/index.html', filename: 'index.html' }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: manifestRemotes(),
        shared: sharedSingletons,
        // Remote entries load only when a route needs them, so one remote being down
        // never keeps the shell from starting.
        shareStrategy: 'loaded-first',
        runtimePlugins: ['./src/remotes/remote-fallback.plugin.ts'],
        // remotes are built with externalRuntime and use this one
        // the snapshot plugin reads mf-manifest.json remotes (ours are remoteEntry.js URLs); the
        // target drops runtime-core's Node loading code
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
        dts: false,
        manifest: false,
      }),
    ],
  };
}

export default shellConfig;
