// Bundles one browser entry of the calendar (and the @pawline libs it imports) with rspack in
// production mode into a folder with an index.html. Used by render.ts and, as a child process
// (jest cannot load the ESM-only @rspack/core), by e2e/calendar-grid.e2e-spec.ts:
// `node -r ./tools/swc/register.cjs tools/bench/calendar/render-bundle.ts <entry.tsx> <outDir>`
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type RspackOptions } from '@rspack/core';

const root = path.resolve(__dirname, '../../..');
const LIBS = ['contracts', 'domain', 'ui', 'api-client', 'i18n'];

export function bundlePage(entry: string, outDir: string): Promise<void> {
  const config: RspackOptions = {
    mode: 'production',
    context: root,
    target: 'web',
    entry: { page: path.resolve(entry) },
    output: { path: outDir, filename: '[name].js', publicPath: 'auto' },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: Object.fromEntries(LIBS.map((lib) => [`@pawline/${lib}$`, path.join(root, 'libs', lib, 'src', 'index.ts')])),
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  const compiler = rspack(config);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
        writeFileSync(
          path.join(outDir, 'index.html'),
          '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div><script src="page.js"></script></body></html>',
        );
        resolve();
      });
    });
  });
}

if (require.main === module) {
  const [entry, outDir] = process.argv.slice(2);
  if (!entry || !outDir) {
    console.error('usage: render-bundle.ts <entry> <outDir>');
    process.exit(2);
  }
  bundlePage(entry, outDir).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
