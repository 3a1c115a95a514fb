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
// a package under node_modules, else the workspace folder (libs/i18n/src/locales, frontends/shell/src/pages)
function ownerOf(id) {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id)?.[1];
  if (pkg) return pkg;
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
    modules: true,
    nestedModules: true,
    orphanModules: true,
    dependentModules: true,
    modulesSpace: Infinity,
    nestedModulesSpace: Infinity,
    ids: true,
  });
  // concatenated modules list their parts in `modules`; sizes are of the source before minifying
  const byChunk = new Map();
  const add = (chunks, id, size) => {
    for (const chunk of chunks ?? []) {
      const owners = byChunk.get(chunk) ?? new Map();
      owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + size);
      byChunk.set(chunk, owners);
    }
  };
  const walk = (module, chunks) => {
    const inner = [...(module.modules ?? []), ...(module.children ?? [])];
    if (inner.length > 0) for (const child of inner) walk(child, module.chunks ?? chunks);
    else if (module.identifier) add(module.chunks ?? chunks, module.nameForCondition ?? module.identifier, module.size ?? 0);
  };
  for (const module of json.modules ?? []) walk(module, []);
  for (const chunk of [...json.chunks].sort((a, b) => b.size - a.size)) {
    console.log(`\nchunk ${chunk.id} ${chunk.files.join(' ')} ${(chunk.size / 1000).toFixed(1)} KB${chunk.initial ? ' (initial)' : ''}`);
    for (const [owner, size] of [...(byChunk.get(chunk.id) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
      console.log(`  ${(size / 1000).toFixed(1).padStart(8)} KB  ${owner}`);
    }
  }
  compiler.close(() => undefined);
});
