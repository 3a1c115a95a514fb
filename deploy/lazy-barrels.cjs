// Barrels loaded on first use, for the JavaScript of deploy/build-node.mjs (docs/adr/0037).
// A barrel is an index.ts made only of `export * from '…'` and `export { a, b as c } from '…'`. As swc compiles
// it, requiring it requires every module it names, so every process built the zod schemas of all 200 contracts
// and every domain rule at start, though a service uses a few dozen. Here each compiled barrel is rewritten to
// define the same names as getters that require their module the first time one of its names is read: the
// same exports, the same values, and a module no one reads is never loaded.
const fs = require('node:fs');
const path = require('node:path');

const STAR = /^export\s+\*\s+from\s+['"]([^'"]+)['"];?$/;
const SIDE_EFFECT = /^import\s+['"]([^'"]+)['"];?$/;
const NAMED = /^export\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"];?$/;

/**
 * What a barrel's TypeScript re-exports, in order, or null when the file does anything else (an import of
 * names, a declaration, `export * as`): such a file is left as swc compiled it. An import for its side effect
 * only (`import './x'`) stays eager, in its place.
 */
function parseBarrel(source) {
  const statements = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (statements.length === 0) return null;
  const parts = [];
  for (const statement of statements) {
    const sideEffect = SIDE_EFFECT.exec(statement);
    if (sideEffect) {
      parts.push({ kind: 'side-effect', request: sideEffect[1] });
      continue;
    }
    const star = STAR.exec(statement);
    if (star) {
      parts.push({ kind: 'star', request: star[1] });
      continue;
    }
    const named = NAMED.exec(statement);
    if (!named) return null;
    if (named[1]) continue; // `export type { … }` leaves nothing at run time
    const names = named[2]
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => {
        const [imported, exported = imported] = name.split(/\s+as\s+/);
        return { imported: imported.trim(), exported: exported.trim() };
      });
    parts.push({ kind: 'named', request: named[3], names });
  }
  return parts;
}

/**
 * The compiled JavaScript of a lazy barrel. `namesOf(request)` answers the run-time export names of a module
 * a star names (read from its eagerly compiled form at build time). A name two stars both export goes to the
 * first, as swc's own `_export_star` does.
 */
function renderLazyBarrel(parts, namesOf) {
  const taken = new Set();
  const lines = [
    '"use strict";',
    '// A lazy barrel (deploy/lazy-barrels.cjs, docs/adr/0037): each module is required when one of its names is first read.',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    // each module's require is written out (not a variable) so a bundler can follow it
    'function lazy(requireModule, names) {',
    '  let loaded;',
    '  const load = () => (loaded ??= requireModule());',
    '  for (const [exported, imported] of names)',
    '    Object.defineProperty(exports, exported, { enumerable: true, configurable: true, get: () => load()[imported] });',
    '}',
  ];
  for (const part of parts) {
    if (part.kind === 'side-effect') {
      lines.push(`require(${JSON.stringify(part.request)});`);
      continue;
    }
    const pairs =
      part.kind === 'star'
        ? namesOf(part.request)
            .filter((name) => name !== 'default' && name !== '__esModule')
            .map((name) => [name, name])
        : part.names.map(({ imported, exported }) => [exported, imported]);
    const fresh = pairs.filter(([exported]) => !taken.has(exported));
    for (const [exported] of fresh) taken.add(exported);
    if (fresh.length > 0) lines.push(`lazy(() => require(${JSON.stringify(part.request)}), ${JSON.stringify(fresh)});`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Rewrites every barrel under `libDirs` (pairs of a TypeScript source folder and the folder its JavaScript was
 * compiled into). The export names are read by requiring the eager compiled modules first, so all barrels are
 * read before any is rewritten. Answers the barrels rewritten.
 */
function makeBarrelsLazy(libDirs, requireCompiled) {
  const found = [];
  for (const { srcDir, outDir } of libDirs) {
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === 'index.ts') {
          const target = path.join(outDir, path.relative(srcDir, dir), 'index.js');
          // folders the build leaves out (tests) have no compiled barrel
          const parts = fs.existsSync(target) ? parseBarrel(fs.readFileSync(full, 'utf8')) : null;
          if (parts) found.push({ parts, target });
        }
      }
    };
    walk(srcDir);
  }
  const rendered = found.map(({ parts, target }) => ({
    target,
    code: renderLazyBarrel(parts, (request) => Object.keys(requireCompiled(path.resolve(path.dirname(target), request)))),
  }));
  for (const { target, code } of rendered) {
    fs.writeFileSync(target, code);
    fs.rmSync(`${target}.map`, { force: true });
  }
  return rendered.map(({ target }) => target);
}

module.exports = { parseBarrel, renderLazyBarrel, makeBarrelsLazy };
