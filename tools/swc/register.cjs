// Require hook: runs our TypeScript directly in Node (CommonJS), compiled by swc on load.
// `node -r ./tools/swc/register.cjs services/identity/src/main.ts`
// @pawline/* aliases resolve to libs/<name>/src; ESM-only packages load through require(esm).
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');
const { nodeSwcOptions, libs, root } = require('./swc-options.cjs');

const aliases = new Map(libs.map((lib) => [`@pawline/${lib}`, path.join(root, 'libs', lib, 'src', 'index.ts')]));
aliases.set('@pawline/nest-kit/testing', path.join(root, 'libs', 'nest-kit', 'src', 'testing', 'index.ts'));

const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(request, ...rest) {
  const target = aliases.get(request);
  return originalResolve.call(this, target ?? request, ...rest);
};

const options = nodeSwcOptions();
options.sourceMaps = 'inline';
for (const ext of ['.ts', '.tsx']) {
  Module._extensions[ext] = function compileTypeScript(module, filename) {
    const source = fs.readFileSync(filename, 'utf8');
    const { code } = transformSync(source, { ...options, filename });
    module._compile(code, filename);
  };
}
process.setSourceMapsEnabled(true);
