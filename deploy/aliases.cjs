// @pawline/<lib> imports of the JavaScript of deploy/build-node.mjs, resolved to dist/node/libs/<lib>/src/index.js
// (the compiled files keep the TypeScript's imports as they are). Used by start.cjs and by the build itself.
const Module = require('node:module');
const path = require('node:path');

const LIBS = ['contracts', 'domain', 'nest-kit', 'i18n', 'api-client'];

/** Resolves @pawline/* to the libraries under `dist` for every require of this process from now on. */
function installAliases(dist) {
  const aliases = new Map(LIBS.map((lib) => [`@pawline/${lib}`, path.join(dist, 'libs', lib, 'src', 'index.js')]));
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function resolveWithAliases(request, ...rest) {
    return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
  };
}

module.exports = { LIBS, installAliases };
