// Builds the widget alone into a folder and prints its sizes as JSON:
// `node frontends/booking-widget/build-widget.mjs [outDir]` (default dist/frontends/booking-widget).
// The size spec and the browser spec use it (rspack is ESM-only; jest runs CommonJS).
import { rspack } from '@rspack/core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { precompressFolder } from '../precompress.mjs';
import { bookingWidgetConfig } from './rspack.config.mjs';

const outputPath = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
const compiler = rspack(bookingWidgetConfig({ mode: 'production', outputPath }));
const stats = await new Promise((resolve, reject) =>
  compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result)))),
);
if (stats.hasErrors()) {
  console.error(stats.toString('errors-only'));
  process.exit(1);
}
const folder = stats.compilation.outputOptions.path;
await precompressFolder(folder);
const script = path.join(folder, 'pawline-booking.js');
const source = await readFile(script);
const gzip = (await readFile(`${script}.gz`)).length;
const brotli = (await readFile(`${script}.br`)).length;
// gzip -9 and brotli 11: the copies the gateway sends
console.log(JSON.stringify({ folder, files: Object.keys(stats.compilation.assets), bytes: source.length, gzip, brotli }));
