// What every frontend build has in common: TypeScript through swc, @pawline/* aliases and
// the Module Federation singletons (without them a remote's Chakra has no provider).
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The one list of remotes (routes, drawer, who sees them): the shell mounts them, build.mjs builds them. */
export const remotesManifestPath = path.join(workspaceRoot, 'frontends', 'shell', 'src', 'remotes', 'remotes.manifest.json');

export function readRemotesManifest() {
  return JSON.parse(readFileSync(remotesManifestPath, 'utf8'));
}

const libs = ['contracts', 'domain', 'ui', 'api-client', 'i18n'];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const require = createRequire(import.meta.url);
const chakraVersion = require('@chakra-ui/react/package.json').version;

export const sharedSingletons = {
  react: { singleton: true, eager: false, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, eager: false, requiredVersion: '^19.3.0' },
  'react/jsx-runtime': { singleton: true, eager: false, requiredVersion: '^19.3.0' },
  'react-router': {
    singleton: true,
    eager: false,
    requiredVersion: '^7.18.0',
    version: require('react-router/package.json').version,
    import: path.join(workspaceRoot, 'frontends', 'shared', 'react-router-shared.mjs'),
  },
  // Shared as the part of Chakra the app uses (libs/ui/src/chakra/chakra-shared.ts): a shared module
  // is never tree-shaken, and the whole library is 1.1 MB of JavaScript.
  '@chakra-ui/react': {
    singleton: true,
    eager: false,
    requiredVersion: '^3.37.0',
    version: chakraVersion,
    import: path.join(workspaceRoot, 'libs', 'ui', 'src', 'chakra', 'chakra-shared.ts'),
  },
  // Chakra's heavy parts, shared apart (chakra-shared.ts says why); in the shell's build they meet
  // the same Chakra context as the facade, and the shell's copies are the ones everybody uses.
  '@chakra-ui/react/dialog': { singleton: true, eager: false, requiredVersion: '^3.37.0', version: chakraVersion },
  '@chakra-ui/react/checkbox': { singleton: true, eager: false, requiredVersion: '^3.37.0', version: chakraVersion },
  '@emotion/react': { singleton: true, eager: false, requiredVersion: '^11.14.0' },
  // One QueryClient owned by the shell for every remote (ADR 0039): like React, one copy of react-query,
  // so its context is the same object in every bundle. Loaded with the signed-in frame, not the login page.
  '@tanstack/react-query': {
    singleton: true,
    eager: false,
    requiredVersion: '^5.108.0',
    version: require('@tanstack/react-query/package.json').version,
  },
};

/** Base rspack configuration for the frontend in `frontends/<name>`. */
export function baseConfig({ name, mode, publicPath }) {
  const projectRoot = path.join(workspaceRoot, 'frontends', name);
  const production = mode === 'production';
  return {
    name,
    mode,
    context: projectRoot,
    target: 'web',
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: path.join(workspaceRoot, 'dist', 'frontends', name),
      publicPath,
      uniqueName: `pawline_${name}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        ...Object.fromEntries(libs.map((lib) => [`@pawline/${lib}$`, path.join(workspaceRoot, 'libs', lib, 'src', 'index.ts')])),
        // react-router under a name the share key does not match (frontends/shared/react-router-shared.mjs)
        '@pawline/react-router-impl$': require.resolve('react-router').replace(/index\.js$/, 'index.mjs'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        // Our libraries run nothing on import, so a module none of whose exports is used may be
        // dropped: a frontend that takes LANGUAGES from @pawline/contracts gets that file, not every schema.
        { test: new RegExp(`${escapeRegExp(path.join(workspaceRoot, 'libs'))}[\\/]`), sideEffects: false },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A remote: `exposes` as `remoteEntry.js` under `publicPath` (the gateway serves /remotes/<name>/),
 * with the shared singletons; the shell loads it only when one of its routes is opened.
 */
export function remoteConfig({ name, federationName = name, mode = 'production', publicPath, exposes }) {
  const config = baseConfig({ name, mode, publicPath });
  return {
    ...config,
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name: federationName,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons,
        shareStrategy: 'loaded-first',
        // the shell provides the federation runtime (provideExternalRuntime): a remoteEntry.js
        // without its own copy is about 100 KB lighter
        experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
        dts: false,
        manifest: false,
      }),
    ],
  };
}
