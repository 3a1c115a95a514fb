// The calendar remote against the running stack (gateway, identity, crm, scheduling): book by
// dragging on the grid, move, resize, and see another device's change and delete appear live.
// The remote's routes are bundled (tools/bench/calendar/render-bundle.ts) from
// frontends/calendar/src/test-support/stack-harness.tsx and loaded into a page of the gateway's
// origin, so it talks to the real /api/v1 and /websocket.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, productUrl, type Browser } from './support/browser';
import { verifiedAccount } from './support/newcomer';

type StackMount = { orgaId: string; storeId: string; token: string };
type Appointment = { id: string; date: string; hour: number; min: number; duration: number; user_id: string | null };

const root = path.resolve(__dirname, '..');
const PX_PER_HOUR = 48;
// a Wednesday ahead of the shared test date; the week runs from Monday 30 November
const WEDNESDAY = '2026-12-02';
const THURSDAY = '2026-12-03';

async function call<T>(mount: StackMount, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${productUrl()}/api/v1${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${mount.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-device-id': 'e2e-other-device',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function week(mount: StackMount): Promise<Appointment[]> {
  const list = await call<{ items: Appointment[] }>(mount, 'GET', `/orga/${mount.orgaId}/store/${mount.storeId}/appointments/2026/11/30/2026/12/6`);
  return list.items;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not visible');
  return found;
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('calendar remote on the running stack', () => {
  let outDir = '';
  let browser: Browser;
  let page: Page;
  let mount: StackMount;

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'pawline-calendar-e2e-'));
    // rspack is ESM-only and jest runs CommonJS: the bundle is made by a child process
    execFileSync(process.execPath, ['-r', './tools/swc/register.cjs', 'tools/bench/calendar/render-bundle.ts', 'frontends/calendar/src/test-support/stack-harness.tsx', outDir], {
      cwd: root,
      stdio: 'inherit',
    });
    browser = await openBrowser();
    page = browser.page;
    const person = await verifiedAccount(page);
    // A document the gateway itself served, so the page is at the product's origin and address
    // space (Chromium refuses a routed page's WebSocket to localhost); then the harness goes in.
    await page.goto(`${productUrl()}/api/v1/health`);
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
    await page.addScriptTag({ content: readFileSync(path.join(outDir, 'page.js'), 'utf8') });
    const inPage = await page.evaluate(([u, p, d]) => window.calendarMount(u, p, d), [person.email, person.password, WEDNESDAY]);
    // the test's own calls come from a second session on another device: the page applies their events (R4.16)
    const login = await fetch(`${productUrl()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': 'e2e-other-device' },
      body: JSON.stringify({ username: person.email, password: person.password }),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    mount = { ...inPage, token: ((await login.json()) as { access_token: string }).access_token };
    const customer = await call<{ customer: { id: string } }>(mount, 'POST', `/orga/${mount.orgaId}/store/${mount.storeId}/customer`, { first_name: 'Maria', last_name: 'Rossi' });
    await call(mount, 'POST', `/orga/${mount.orgaId}/store/${mount.storeId}/pet`, { customer_id: customer.customer.id, name: 'Fido', pet_type: 1 });
    await page.getByTestId('time-grid').waitFor();
  }, 180000);

  afterAll(async () => {
    await browser?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('books by dragging on the grid: Wednesday 9:00–10:30 for Fido of Maria Rossi', async () => {
    const column = await box(page.locator(`[data-testid="grid-column"][data-day="${WEDNESDAY}"]`));
    const firstHour = Number(await page.getByTestId('grid-body').getAttribute('data-first-hour'));
    const yAt = (minutes: number) => column.y + ((minutes - firstHour * 60) / 60) * PX_PER_HOUR;
    const x = column.x + column.width / 2;
    await drag(page, { x, y: yAt(9 * 60) + 2 }, { x, y: yAt(10 * 60 + 30) - 2 });
    await page.getByTestId('appointment-dialog').waitFor();
    await page.getByTestId('customer-search').fill('Rossi');
    await page.getByTestId('customer-option').first().click();
    await page.getByTestId('chosen-customer').waitFor();
    await page.getByTestId('appointment-save').click();
    await page.getByTestId('appointment-card').waitFor();
    const [booked] = await week(mount);
    expect(booked).toMatchObject({ date: WEDNESDAY, hour: 9, min: 0, duration: 90 });
  });

  it('moves the card to Thursday one hour later by dragging it', async () => {
    const card = await box(page.getByTestId('appointment-card'));
    const column = await box(page.locator(`[data-testid="grid-column"][data-day="${WEDNESDAY}"]`));
    const from = { x: card.x + card.width / 2, y: card.y + 10 };
    await drag(page, from, { x: from.x + column.width, y: from.y + PX_PER_HOUR });
    const moved = await until(async () => (await week(mount)).find((a) => a.date === THURSDAY), 'the move to reach the server');
    expect(moved).toMatchObject({ hour: 10, min: 0, duration: 90 });
  });

  it('resizes the card by dragging its bottom edge 30 minutes down', async () => {
    const edge = await box(page.getByTestId('resize-handle'));
    const from = { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 };
    await drag(page, from, { x: from.x, y: from.y + PX_PER_HOUR / 2 });
    const resized = await until(async () => (await week(mount)).find((a) => a.duration === 120), 'the resize to reach the server');
    expect(resized).toMatchObject({ date: THURSDAY, hour: 10 });
  });

  it("R4.17 another device's move and delete appear without reload", async () => {
    const [appointment] = await week(mount);
    if (!appointment) throw new Error('no appointment');
    await call(mount, 'PATCH', `/orga/${mount.orgaId}/store/${mount.storeId}/appointment/${appointment.id}/move`, { scope: 'one', date: THURSDAY, hour: 14, min: 0 });
    await page.locator('[data-testid="appointment-card"][aria-label^="14:00–16:00"]').waitFor();
    await call(mount, 'DELETE', `/orga/${mount.orgaId}/store/${mount.storeId}/appointment/${appointment.id}?scope=one`);
    await page.getByTestId('appointment-card').waitFor({ state: 'detached' });
  });

  it('R3.07 books weekly three times, then moves only this and the following ones', async () => {
    await page.getByTestId('calendar-new').click();
    const dialog = page.getByTestId('appointment-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type="date"]').first().fill(WEDNESDAY);
    await dialog.locator('input[type="time"]').fill('09:00');
    await page.getByTestId('customer-search').fill('Rossi');
    await page.getByTestId('customer-option').first().click();
    await page.getByTestId('chosen-customer').waitFor();
    await page.getByTestId('repeat-select').selectOption('week');
    await dialog.locator('input[type="number"]').nth(2).fill('3');
    await page.getByTestId('appointment-save').click();
    await dialog.waitFor({ state: 'detached' });
    const series = async () =>
      (await call<{ items: Appointment[] }>(mount, 'GET', `/orga/${mount.orgaId}/store/${mount.storeId}/appointments/2026/11/30/2026/12/20`)).items.sort((a, b) => (a.date < b.date ? -1 : 1));
    expect((await series()).map((a) => `${a.date} ${a.hour}`)).toEqual(['2026-12-02 9', '2026-12-09 9', '2026-12-16 9']);

    await page.getByTestId('calendar-next').click();
    const card = page.locator('[data-testid="grid-column"][data-day="2026-12-09"] [data-testid="appointment-card"]');
    await card.waitFor();
    const at = await box(card);
    await drag(page, { x: at.x + at.width / 2, y: at.y + 10 }, { x: at.x + at.width / 2, y: at.y + 10 + PX_PER_HOUR });
    await page.getByTestId('scope-following').click();
    const moved = await until(async () => {
      const all = await series();
      return all.filter((a) => a.hour === 10).length === 2 ? all : undefined;
    }, 'the following ones to move');
    expect(moved.map((a) => `${a.date} ${a.hour}`)).toEqual(['2026-12-02 9', '2026-12-09 10', '2026-12-16 10']);
  });

  it('R4.11 R5.13 checks out: final price, discount, total, cashed in, and the pet weight the salon requires', async () => {
    await call(mount, 'PUT', `/orga/${mount.orgaId}/crm_settings`, { pet_checkout: { weight: 'ask_required' } });
    const card = page.locator('[data-testid="grid-column"][data-day="2026-12-09"] [data-testid="appointment-card"]');
    await card.click();
    await page.getByTestId('appointment-checkout').click();
    const checkout = page.getByTestId('checkout-dialog');
    await checkout.waitFor();
    await page.getByTestId('checkout-final-price').fill('45,50');
    await page.getByTestId('checkout-discount').fill('5');
    expect(await page.getByTestId('checkout-total').textContent()).toContain('40,50');
    await page.getByTestId('checkout-save').click();
    await checkout.getByText('Required').waitFor();
    await checkout.locator('[data-testid$=".weight"]').fill('12,5');
    await page.getByTestId('checkout-save').click();
    await checkout.waitFor({ state: 'detached' });
    await page.locator('[data-testid="grid-column"][data-day="2026-12-09"] [data-testid="appointment-card"][data-state="done"]').waitFor();
    const done = (await call<{ items: (Appointment & { final_price: number; discount: number; total: number; cashed_in: boolean })[] }>(mount, 'GET', `/orga/${mount.orgaId}/store/${mount.storeId}/appointments/2026/12/9/2026/12/9`)).items[0];
    expect(done).toMatchObject({ final_price: 4550, discount: 500, total: 4050, cashed_in: true });
    const pets = await call<{ items: { name: string; weight: number | null }[] }>(mount, 'GET', `/orga/${mount.orgaId}/store/${mount.storeId}/pets`);
    expect(pets.items.find((p) => p.name === 'Fido')?.weight).toBe(12.5);
  });
});
