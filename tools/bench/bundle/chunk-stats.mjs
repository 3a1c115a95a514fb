// `node tools/bench/bundle/chunk-stats.mjs [shell|settings|clients|calendar] [rows]`: builds one frontend
// in production mode in memory and prints each chunk's size (minified, before compression) with its
// heaviest packages or folders: what to split or shake when `npm run bench -- bundle` is over its goals.
import { rspack } from '@rspack/core';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const name = process.argv[2] ?? 'shell';
const rows = Number(process.argv[3] ?? 12);
const configModule = await import(pathToFileURL(path.join(root, 'frontends', name, 'rspack.config.mjs')).href);
const config = configModule.default({ mode: 'production' });
// nothing is written: the figures are all we want
config.output = { ...config.output, path: path.join(root, 'tmp', 'chunk-stats', name) };
// modules stay apart so each is counted under its own package (sizes are before minifying)
config.optimization = { ...config.optimization, concatenateModules: false };
// a package under node_modules, else the workspace folder (libs/i18n/src/locales, frontends/shell/src/pages)
function ownerOf(id) {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1];
  if (pkg) return pkg;
  if (id.includes('data:text/javascript')) return '(module federation runtime glue)';
  const file = id.split('|').pop().split('?')[0];
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file.slice(0, 60) : relative.split('/').slice(0, 4).join('/');
}

const compiler = rspack(config);
compiler.run((error, stats) => {
  if (error) throw error;
  const json = stats.toJson({
    all: false,
    chunks: true,
    chunkModules: true,
    dependentModules: true,
    ids: true,
    chunkModulesSpace: Infinity,
  });
  for (const chunk of [...json.chunks].sort((a, b) => b.size - a.size)) {
    console.log(`\nchunk ${chunk.id} ${chunk.files.join(' ')} ${(chunk.size / 1000).toFixed(1)} KB${chunk.initial ? ' (initial)' : ''}`);
    const byOwner = new Map();
    for (const module of chunk.modules ?? []) {
      const owner = ownerOf(module.nameForCondition ?? module.identifier ?? '?');
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + (module.size ?? 0));
    }
    for (const [owner, size] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
      console.log(`  ${(size / 1000).toFixed(1).padStart(8)} KB  ${owner}`);
    }
  }
  compiler.close(() => undefined);
});
