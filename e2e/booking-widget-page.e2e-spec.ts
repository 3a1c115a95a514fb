// The booking widget in Chromium on a salon's page, without the stack: the widget is built
// (frontends/booking-widget/build-widget.mjs), the salon site (tools/salon-site) runs on its own
// origin, and the public booking API of "pawline.test" is answered by page.route. Proves what jsdom
// cannot: the CSS cascade across the shadow root, the dialog's keyboard handling in a real browser,
// and how long the proof of work takes in Chromium at difficulty 16 and 18 (printed).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { openChromium, type Chromium } from './support/browser';
import { startSalonSite, type SalonSite } from '../tools/salon-site/start-salon-site';

const root = path.resolve(__dirname, '..');
const PAWLINE = 'http://pawline.test';
const PUBLIC_ID = 'e2ewidget0000001';
const TREATMENT = '22222222-2222-4222-8222-222222222222';
const ANNA = '11111111-1111-4111-8111-111111111111';

type Sent = { path: string; body: Record<string, unknown> | null; at: number };

/** The salon's public booking API as the gateway would answer it, with the difficulty the test sets. */
class FakeBookingApi {
  difficulty = 8;
  sent: Sent[] = [];
  challengeAnsweredAt = 0;

  constructor(private readonly script: string) {}

  async handle(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const cors = {
      'access-control-allow-origin': request.headers()['origin'] ?? '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type, accept-language',
    };
    if (url.pathname === '/booking-widget/pawline-booking.js') {
      await route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: this.script,
        headers: { 'access-control-allow-origin': '*' },
      });
      return;
    }
    if (request.method() === 'OPTIONS') {
      await route.fulfill({ status: 204, headers: cors });
      return;
    }
    const tail = url.pathname.replace(`/api/v1/public/booking/${PUBLIC_ID}`, '');
    const body = request.postData() ? (JSON.parse(request.postData() ?? '{}') as Record<string, unknown>) : null;
    this.sent.push({ path: tail, body, at: Date.now() });
    const json = (status: number, answer: unknown) =>
      route.fulfill({ status, contentType: 'application/json', headers: cors, body: JSON.stringify(answer) });
    if (tail === '') {
      await json(200, {
        public_id: PUBLIC_ID,
        store_name: 'Zampa Felice',
        time_zone: 'Europe/Rome',
        enabled: true,
        treatments: [{ id: TREATMENT, name: 'Bath and brush', duration: 45, color: null }],
        staff: [{ user_id: ANNA, first_name: 'Anna' }],
        min_notice_minutes: 60,
        horizon_days: 60,
        allowed_origins: [],
      });
    } else if (tail === '/availability') {
      const from = Date.parse(`${String(body?.from)}T00:00:00Z`);
      const days = Array.from({ length: 7 }, (_, i) => new Date(from + i * 86400000).toISOString().slice(0, 10));
      await json(200, {
        duration: 45,
        days: days.map((date) => ({
          date,
          slots: ['09:00', '10:30'].map((time) => ({
            date,
            time,
            starts_at: `${date}T${time}:00+01:00`,
            ends_at: `${date}T${time}:00+01:00`,
            user_ids: [ANNA],
            token: `token-${date}-${time}-0123456789`,
          })),
        })),
      });
    } else if (tail === '/challenge') {
      this.challengeAnsweredAt = Date.now();
      await json(200, { challenge: `c${Date.now()}.0123456789abcdef`, difficulty: this.difficulty, expires_at: '' });
    } else if (tail === '/request') {
      const startsAt = String(body?.starts_at);
      await json(201, {
        outcome: 'booked',
        slot_id: '55555555-5555-4555-8555-555555555555',
        date: startsAt.slice(0, 10),
        time: startsAt.slice(11, 16),
        duration: 45,
        groomer_first_name: 'Anna',
      });
    } else {
      await json(404, { code: 'not_found', message: 'Not found' });
    }
  }
}

describe('booking widget on a salon page in Chromium (no stack)', () => {
  let outDir = '';
  let chromium: Chromium;
  let salon: SalonSite;
  let api: FakeBookingApi;

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'pawline-widget-page-'));
    execFileSync(process.execPath, ['frontends/booking-widget/build-widget.mjs', outDir], { cwd: root, stdio: 'inherit' });
    api = new FakeBookingApi(readFileSync(path.join(outDir, 'pawline-booking.js'), 'utf8'));
    salon = await startSalonSite(PAWLINE);
    chromium = await openChromium();
  }, 120000);

  afterAll(async () => {
    await chromium?.close();
    await salon?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  async function open(mode: string, lang = 'en'): Promise<Page> {
    const { page } = await chromium.newBrowser();
    await page.route(`${PAWLINE}/**`, (route) => api.handle(route));
    await page.goto(`${salon.url}/${mode}?store=${PUBLIC_ID}&lang=${lang}`);
    return page;
  }

  it('keeps the salon’s CSS out of the widget and the widget’s CSS out of the salon page', async () => {
    const page = await open('inline');
    await page.locator('pawline-booking').locator('h2').waitFor();
    const widget = await page.locator('pawline-booking').evaluate((host) => {
      const shadow = host.shadowRoot as ShadowRoot;
      const h2 = shadow.querySelector('h2') as HTMLElement;
      const button = shadow.querySelector('button.pw-link') as HTMLElement;
      return {
        color: getComputedStyle(h2).color,
        font: getComputedStyle(h2).fontFamily,
        transform: getComputedStyle(button).textTransform,
        display: getComputedStyle(button).display,
      };
    });
    // the salon page rules for every element and every button stop at the shadow root
    expect(widget.color).toBe('rgb(31, 36, 48)');
    expect(widget.font).not.toContain('Georgia');
    expect(widget.transform).toBe('none');
    const salonButton = await page.locator('#salon-button').evaluate((b) => {
      const style = getComputedStyle(b);
      return { transform: style.textTransform, border: style.borderTopStyle, radius: style.borderTopLeftRadius, font: style.fontFamily };
    });
    // and the widget's `button { border-radius: 8px … }` does not reach the salon's button
    expect(salonButton).toEqual({ transform: 'uppercase', border: 'dashed', radius: '0px', font: 'Georgia, serif' });
    const pageH2 = await page.locator('main > h2').evaluate((h) => getComputedStyle(h).fontSize);
    expect(pageH2).toBe('40px');
    await page.context().close();
  });

  it('popup: Enter opens the dialog on the step heading, Tab cycles inside, Escape closes back to the button', async () => {
    const page = await open('popup', 'it');
    const opener = page.locator('pawline-booking').getByRole('button', { name: 'Prenota un appuntamento' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.locator('pawline-booking').getByRole('dialog').waitFor();
    await page.locator('pawline-booking').getByRole('heading', { name: 'Il tuo animale' }).waitFor();
    await page.waitForFunction(() => document.querySelector('pawline-booking')?.shadowRoot?.activeElement?.tagName === 'H2');
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const inside = await page
        .locator('pawline-booking')
        .evaluate((host) => Boolean(host.shadowRoot?.activeElement?.closest('[role=dialog]')));
      expect(inside).toBe(true);
    }
    // a visible focus ring on the focused control
    const outline = await page
      .locator('pawline-booking')
      .evaluate((host) => getComputedStyle(host.shadowRoot?.activeElement as Element).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Escape');
    await expect(page.locator('pawline-booking').getByRole('dialog').count()).resolves.toBe(0);
    expect(await page.locator('pawline-booking').evaluate((host) => host.shadowRoot?.activeElement?.className)).toContain('pw-open');
    await page.context().close();
  });

  it('books through the floating button, solving the proof of work at difficulty 16 and 18 (times printed)', async () => {
    const page = await open('floating');
    const widget = page.locator('pawline-booking');
    const opener = widget.getByRole('button', { name: 'Book an appointment' });
    const box = await opener.boundingBox();
    const viewport = page.viewportSize();
    // fixed at the bottom right
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe((viewport?.width ?? 0) - 20);
    await opener.click();
    const times: Record<number, number> = {};
    for (const difficulty of [16, 18]) {
      api.difficulty = difficulty;
      await widget.getByLabel('Animal').selectOption({ label: 'Dog' });
      await widget.getByLabel('Size').selectOption({ label: 'Medium' });
      await widget.getByLabel('Coat').selectOption({ label: 'Long' });
      await widget.getByLabel('Name').fill('Luna');
      await widget.getByRole('button', { name: 'Next' }).click();
      await widget.getByLabel(/Bath and brush/).check();
      await widget.getByRole('button', { name: 'Next' }).click();
      await widget.getByLabel('Any groomer').check();
      await widget.getByRole('button', { name: 'Next' }).click();
      await widget.locator('.pw-time').first().click();
      await widget.getByLabel('First name').fill('Giulia');
      await widget.getByLabel('Last name').fill('Bianchi');
      await widget.getByLabel('Phone').fill('+39 333 7654321');
      await widget.getByLabel('I accept the salon’s privacy terms').check();
      const before = api.sent.length;
      await widget.getByRole('button', { name: 'Send request' }).click();
      await widget.getByRole('heading', { name: 'Request sent' }).waitFor({ timeout: 60000 });
      const request = api.sent.slice(before).find((s) => s.path === '/request');
      const challenge = String(request?.body?.challenge);
      const nonce = String(request?.body?.nonce);
      const hash = createHash('sha256').update(`${challenge}:${nonce}`).digest();
      const zeroBits = hash.findIndex((b) => b !== 0) * 8 + Math.clz32(hash[hash.findIndex((b) => b !== 0)] ?? 0) - 24;
      expect(zeroBits).toBeGreaterThanOrEqual(difficulty);
      times[difficulty] = (request?.at ?? 0) - api.challengeAnsweredAt;
      console.log(
        `proof of work in Chromium, difficulty ${difficulty}: nonce ${nonce} (${Number(nonce) + 1} hashes) in ${times[difficulty]} ms`,
      );
      await widget.getByText('The salon will confirm your appointment.').waitFor();
      await widget.getByRole('button', { name: 'Book another appointment' }).click();
    }
    // the same search through crypto.subtle.digest, 256 digests per batch, for comparison (README)
    const subtle = await page.evaluate(async () => {
      const encoder = new TextEncoder();
      const started = performance.now();
      let count = 0;
      for (let start = 0; start < 65536; start += 256) {
        await Promise.all(
          Array.from({ length: 256 }, (_, i) =>
            crypto.subtle.digest('SHA-256', encoder.encode(`c1764000000000.0123456789abcdef:${start + i}`)),
          ),
        );
        count += 256;
      }
      return { perSecond: Math.round(count / ((performance.now() - started) / 1000)) };
    });
    console.log(`crypto.subtle.digest in Chromium: ${subtle.perSecond} hashes/s (2^16 hashes)`);
    await page.context().close();
  }, 120000);
});
