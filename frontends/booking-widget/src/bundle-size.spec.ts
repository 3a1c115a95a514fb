import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The widget's budget (issue 13): at most 60 KB of compressed JavaScript on a salon's page. A size,
// not a timing: the production build is made in a child process (rspack is ESM-only) and measured.
const BUDGET_BYTES = 60_000;

describe('pawline-booking.js', () => {
  it('is one script of at most 60 KB gzip and brotli', () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'pawline-widget-size-'));
    try {
      const output = execFileSync(process.execPath, [path.join(__dirname, '..', 'build-widget.mjs'), outDir], { encoding: 'utf8' });
      const sizes = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { files: string[]; bytes: number; gzip: number; brotli: number };
      console.log(
        `pawline-booking.js: ${sizes.bytes} bytes, gzip ${sizes.gzip} bytes, brotli ${sizes.brotli} bytes (budget ${BUDGET_BYTES})`,
      );
      expect(sizes.files).toEqual(['pawline-booking.js']);
      expect(sizes.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(sizes.brotli).toBeLessThanOrEqual(BUDGET_BYTES);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120000);
});
