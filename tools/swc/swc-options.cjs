// One swc configuration for Node code (services, libs, tools): jest and the build share it.
// Nest needs decorator metadata or dependency injection silently fails.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const libs = ['contracts', 'domain', 'nest-kit', 'ui', 'api-client', 'i18n'];

function pathAliases() {
  const paths = {};
  for (const lib of libs) paths[`@pawline/${lib}`] = [`libs/${lib}/src/index.ts`];
  paths['@pawline/nest-kit/testing'] = ['libs/nest-kit/src/testing/index.ts'];
  return paths;
}

function nodeSwcOptions({ withPaths = false } = {}) {
  return {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      keepClassNames: true,
      ...(withPaths ? { baseUrl: root, paths: pathAliases() } : {}),
    },
    module: { type: 'commonjs' },
    sourceMaps: true,
  };
}

module.exports = { root, libs, nodeSwcOptions, pathAliases };
