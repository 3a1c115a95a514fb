// Writes <file>.br (brotli quality 11) and <file>.gz (gzip level 9) beside each text asset of a
// build, so the gateway sends compressed bytes without compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
// Below this a compressed copy saves less than its own headers and a disk read cost.
const MIN_BYTES = 256;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every text asset under `dir`; returns how many files and their bytes before and after brotli. */
export async function precompressFolder(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += br.length;
  }
  return totals;
}
