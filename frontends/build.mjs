// Builds every frontend (or those named with --project) once, in this one process, in
// production mode: `node frontends/build.mjs [--project shell] [--project settings]`.
// Output: dist/frontends/<name>/ (the gateway serves shell at /, remotes at /remotes/<name>/ and the
// booking widget at /booking-widget/).
import { rspack } from '@rspack/core';
import { precompressFolder } from './precompress.mjs';
import { readRemotesManifest } from './rspack.shared.mjs';
import { shellConfig } from './shell/rspack.config.mjs';
import { bookingWidgetConfig } from './booking-widget/rspack.config.mjs';

// The shell, then every remote of the shell's manifest (each frontends/<name>/rspack.config.mjs exports its config by default).
const frontends = { shell: shellConfig };
for (const { name } of readRemotesManifest().remotes) frontends[name] = (await import(`./${name}/rspack.config.mjs`)).default;
// not a remote: the embeddable booking widget for salon websites, served at /booking-widget/ (ADR 0023)
frontends['booking-widget'] = bookingWidgetConfig;

function requestedProjects(argv) {
  const names = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--project' || arg === '-p') names.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--project=')) names.push(...arg.slice('--project='.length).split(','));
  }
  const chosen = names.filter(Boolean);
  const unknown = chosen.filter((name) => !(name in frontends));
  if (unknown.length > 0) throw new Error(`unknown frontend(s): ${unknown.join(', ')}; known: ${Object.keys(frontends).join(', ')}`);
  return chosen.length > 0 ? chosen : Object.keys(frontends);
}

function run(config) {
  const compiler = rspack(config);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        resolve(stats);
      });
    });
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;

const mode = process.env.PAWLINE_FRONTEND_MODE === 'development' ? 'development' : 'production';
let failed = false;
// One frontend after the other: the machine has 2 cores and the services build beside us.
for (const name of requestedProjects(process.argv.slice(2))) {
  const started = Date.now();
  const stats = await run(frontends[name]({ mode }));
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const warning of info.warnings ?? []) console.warn(`[${name}] warning: ${warning.message}`);
  for (const error of info.errors ?? []) console.error(`[${name}] error: ${error.message}`);
  if (stats.hasErrors()) failed = true;
  // the gateway serves these .br/.gz copies to browsers that accept them
  const compressed = stats.hasErrors() ? null : await precompressFolder(stats.compilation.outputOptions.path);
  const sizes = compressed ? `, ${compressed.files} files ${kb(compressed.bytes)} → ${kb(compressed.brotliBytes)} brotli` : '';
  console.log(
    `${name}: ${stats.hasErrors() ? 'FAILED' : 'built'} in ${((Date.now() - started) / 1000).toFixed(1)} s → dist/frontends/${name}${sizes}`,
  );
}
process.exitCode = failed ? 1 : 0;
