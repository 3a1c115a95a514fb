// `node -r ./tools/swc/register.cjs tools/bench/calendar/render.ts [--appointments=300] [--runs=7]`
// The calendar's week view with 300 appointments rendered in Debian's Chromium (issue 5 figure:
// under 100 ms). Bundles frontends/calendar's TimeGrid with rspack in production mode into a temp
// folder, opens it from file://, renders it `runs` times (into a ChakraProvider already on screen, as in the shell) and prints
// the first (cold) and the median of the others. It reports figures; it never fails on slowness.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '../../chromium/chromium';
import { bundlePage } from './render-bundle';
import type { RenderFigure } from './render-page';

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = hit ? Number(hit.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes a positive whole number`);
  return value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const count = arg('appointments', 300);
  const runs = arg('runs', 7);
  const outDir = mkdtempSync(path.join(tmpdir(), 'pawline-calendar-render-'));
  const browser = await launchChromium();
  try {
    const built = Date.now();
    await bundlePage(path.join(__dirname, 'render-page.ts'), outDir);
    console.log(`bundled the week view in ${((Date.now() - built) / 1000).toFixed(1)} s`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`file://${path.join(outDir, 'index.html')}`);
    await page.waitForFunction(() => typeof window.renderWeek === 'function');
    const figures: RenderFigure[] = [];
    for (let i = 0; i < runs; i += 1) figures.push(await page.evaluate((n) => window.renderWeek(n), count));
    const [cold, ...warm] = figures;
    if (!cold) throw new Error('no run');
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`week view, ${count} appointments (${cold.cards} cards drawn), Chromium ${browser.version()}`);
    console.log(`  first render: ${ms(cold.renderMs)} to layout, ${ms(cold.frameMs)} to the next frame`);
    if (warm.length > 0) {
      console.log(
        `  median of ${warm.length} more: ${ms(median(warm.map((f) => f.renderMs)))} to layout, ${ms(median(warm.map((f) => f.frameMs)))} to the next frame`,
      );
    }
    console.log(`  issue 5 target: under 100 ms (${cold.renderMs < 100 ? 'met' : 'not met'} on the first render)`);
  } finally {
    await browser.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
