// Compiles the services, the libraries they load and tools/ops to JavaScript ahead of time, into
// dist/node (same layout as the sources), so the image runs plain `node` with no transpiler loaded
// at start. Same swc options as the require hook and jest (tools/swc/swc-options.cjs).
//   node deploy/build-node.mjs            → dist/node
// @pawline/* imports stay as they are; deploy/start.cjs maps them to dist/node/libs/<name>/src/index.js.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { transformFileSync } = require('@swc/core');
const { nodeSwcOptions, root } = require('../tools/swc/swc-options.cjs');

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'node'));
// frontend-only libraries are not loaded by any service
const { LIBS: NODE_LIBS } = require('./aliases.cjs');
// libraries whose barrels load their modules on first use (docs/adr/0037)
const LAZY_LIBS = ['contracts', 'domain', 'i18n', 'nest-kit'];
const SKIP_FILE = /\.(spec|integration-spec|test)\.tsx?$|\.d\.ts$/;
const SKIP_DIR = new Set(['test', 'testing', 'fixtures', '__fixtures__', '__mocks__']);

const options = nodeSwcOptions();
options.sourceMaps = true;

let compiled = 0;
let copied = 0;
function walk(dir, onFile) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIR.has(entry.name)) walk(full, onFile);
    } else onFile(full);
  }
}

function build(file) {
  const rel = path.relative(root, file);
  if (SKIP_FILE.test(file)) return;
  if (/\.tsx?$/.test(file)) {
    const target = path.join(out, rel.replace(/\.tsx?$/, '.js'));
    const { code, map } = transformFileSync(file, {
      ...options,
      filename: file,
      sourceFileName: path.relative(path.dirname(target), file),
    });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    if (map) fs.writeFileSync(`${target}.map`, map);
    compiled += 1;
  } else {
    // JSON catalogues, browser scripts read at start (gateway's whatsapp-page.browser.js)
    const target = path.join(out, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
    copied += 1;
  }
}

fs.rmSync(out, { recursive: true, force: true });
for (const lib of NODE_LIBS) walk(path.join(root, 'libs', lib, 'src'), build);
for (const service of fs.readdirSync(path.join(root, 'services'))) {
  const src = path.join(root, 'services', service, 'src');
  if (fs.existsSync(path.join(src, 'main.ts'))) walk(src, build);
}
walk(path.join(root, 'tools', 'ops'), (file) => (/\.mjs$|\.cjs$|jest\.config/.test(file) ? undefined : build(file)));
for (const file of ['start.cjs', 'aliases.cjs', 'source-map-stacks.cjs']) fs.copyFileSync(path.join(here, file), path.join(out, file));

// the libraries' barrels load their modules on first use (docs/adr/0037)
const { makeBarrelsLazy } = require('./lazy-barrels.cjs');
// the names a barrel re-exports are read from the compiled modules, whose @pawline imports resolve as in the image
require('./aliases.cjs').installAliases(out);
const lazy = makeBarrelsLazy(
  LAZY_LIBS.map((lib) => ({ srcDir: path.join(root, 'libs', lib, 'src'), outDir: path.join(out, 'libs', lib, 'src') })),
  (file) => require(file),
);
console.log(
  `build-node: ${compiled} TypeScript files compiled, ${copied} other files copied, ${lazy.length} barrels made lazy, into ${path.relative(root, out) || out}`,
);
