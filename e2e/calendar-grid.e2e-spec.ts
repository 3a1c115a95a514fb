// The calendar page of frontends/calendar in Chromium with real layout and pointer events: book by
// dragging on the grid, move a card to another day and time, resize it by its bottom edge (issue 5).
// The page is bundled with rspack (tools/bench/calendar/render-bundle.ts) from src/test-support/grid-harness.tsx: the remote
// on the data layer over an in-memory gateway that records each request; it needs no running stack.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openBrowser, type Browser } from './support/browser';
import { box, drag } from './support/pointer';

type HarnessRequest = { method: string; path: string; body: unknown };

const root = path.resolve(__dirname, '..');
const PX_PER_HOUR = 48;

/** rspack is ESM-only and jest runs CommonJS: the bundle is made by a child process. */
function bundle(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      '-r',
      './tools/swc/register.cjs',
      'tools/bench/calendar/render-bundle.ts',
      'frontends/calendar/src/test-support/grid-harness.tsx',
      outDir,
    ],
    { cwd: root, stdio: 'inherit' },
  );
}

/** The requests the page sent with this method to a path matching the pattern. */
async function sent(page: Page, method: string, path: RegExp): Promise<HarnessRequest[]> {
  const all = await page.evaluate(() => (window as unknown as { calendarRequests: HarnessRequest[] }).calendarRequests);
  return all.filter((r) => r.method === method && path.test(r.path));
}

describe('calendar grid in Chromium', () => {
  let outDir = '';
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'pawline-calendar-grid-'));
    bundle(outDir);
    browser = await openBrowser();
    page = browser.page;
    await page.goto(`file://${path.join(outDir, 'index.html')}`);
    await page.getByTestId('empty-state').waitFor();
  }, 120000);

  afterAll(async () => {
    await browser?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('R1.04 R2.10 opens in Week and fetched only the visible week', async () => {
    expect(await page.getByTestId('calendar-page').getAttribute('data-view')).toBe('week');
    expect(await page.getByTestId('grid-column').count()).toBe(7);
    expect((await sent(page, 'GET', /\/appointments\//)).map((r) => r.path.split('/').slice(-6).join('/'))).toEqual([
      '2026/11/16/2026/11/22',
    ]);
  });

  it('books by dragging on the grid: Wednesday 9:00–10:30, customer and pet from the pickers', async () => {
    const wednesday = await box(page.locator('[data-testid="grid-column"][data-day="2026-11-18"]'));
    const firstHour = Number(await page.getByTestId('grid-body').getAttribute('data-first-hour'));
    const yAt = (minutes: number) => wednesday.y + ((minutes - firstHour * 60) / 60) * PX_PER_HOUR;
    const x = wednesday.x + wednesday.width / 2;
    await drag(page, { x, y: yAt(9 * 60) + 2 }, { x, y: yAt(10 * 60 + 30) - 2 });
    const dialog = page.getByTestId('appointment-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('input[type="time"]').inputValue()).toBe('09:00');
    expect(await dialog.locator('input[type="number"]').first().inputValue()).toBe('90');
    expect(await dialog.locator('input[type="date"]').first().inputValue()).toBe('2026-11-18');
    await page.getByTestId('customer-search').fill('Rossi');
    await page.getByTestId('customer-option').click();
    await page.getByTestId('chosen-customer').waitFor();
    // the customer's only pet is picked once their pets arrive
    await page.getByTestId('appointment-dialog').locator('input[type="checkbox"]:checked').first().waitFor({ state: 'attached' });
    await page.getByTestId('appointment-save').click();
    await page.getByTestId('appointment-card').waitFor();
    const write = ((await sent(page, 'POST', /\/appointment$/))[0]?.body as { appointment: unknown }).appointment;
    expect(write).toMatchObject({
      date: '2026-11-18',
      hour: 9,
      min: 0,
      duration: 90,
      pet_ids: ['50000000-0000-4000-8000-000000000001'],
      app_name: 'Fido (Rossi)',
    });
  });

  it('moves the card by dragging: one day later and one hour later', async () => {
    const card = page.getByTestId('appointment-card');
    const start = await box(card);
    const wednesday = await box(page.locator('[data-testid="grid-column"][data-day="2026-11-18"]'));
    const from = { x: start.x + start.width / 2, y: start.y + 10 };
    await drag(page, from, { x: from.x + wednesday.width, y: from.y + PX_PER_HOUR });
    await page.locator('[data-testid="grid-column"][data-day="2026-11-19"] [data-testid="appointment-card"]').waitFor();
    const [move] = await sent(page, 'PATCH', /\/move$/);
    expect(move?.path).toMatch(/\/appointment\/0{8}-[^/]+\/move$/);
    expect(move?.body).toEqual({ scope: 'one', date: '2026-11-19', hour: 10, min: 0, allow_conflict: false });
  });

  it('resizes the card by its bottom edge in 15-minute steps', async () => {
    const handle = page.getByTestId('resize-handle');
    const edge = await box(handle);
    const from = { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 };
    await drag(page, from, { x: from.x, y: from.y + PX_PER_HOUR / 2 });
    await page.waitForFunction(() =>
      (window as unknown as { calendarRequests: HarnessRequest[] }).calendarRequests.some((r) => r.path.endsWith('/resize')),
    );
    const [resize] = await sent(page, 'PATCH', /\/resize$/);
    expect(resize?.body).toEqual({ scope: 'one', duration: 120, allow_conflict: false });
    const card = await box(page.getByTestId('appointment-card'));
    expect(Math.round(card.height)).toBe(2 * PX_PER_HOUR - 1);
  });

  it('issue 26 cards of every state pass axe (declined, no-show, confirmed, checked out, unassigned, 15 minutes): their names start with their text', async () => {
    await page.getByTestId('calendar-next').click();
    await page.locator('[data-testid="appointment-card"][data-state="declined"]').waitFor();
    await page.locator('[data-testid="appointment-card"][data-state="no_show"]').waitFor();
    expect(await page.getByTestId('appointment-card').count()).toBe(5);
    await expectNoSeriousA11yViolations(page, 'a week with declined, no-show, confirmed, checked-out, unassigned and 15-minute cards');
    // the 15-minute card keeps to one line inside its height
    const short = page.locator('[data-testid="appointment-card"]', { hasText: 'Nail trim' });
    const size = await short.evaluate((card) => ({ client: card.clientHeight, scroll: card.scrollHeight, lines: card.className }));
    expect(size.lines).toContain('pl-one-line');
    expect(size.scroll).toBeLessThanOrEqual(size.client + 1);
    // the first hour's label is inside the grid, not cut at its top
    const grid = await box(page.getByTestId('time-grid'));
    const first = await box(page.getByTestId('grid-hour').first());
    expect(first.y).toBeGreaterThanOrEqual(grid.y);
  });
});
