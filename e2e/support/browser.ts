import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../../tools/chromium/chromium';

/** Where the product runs; the test launcher sets it after starting the whole stack. */
export function productUrl(): string {
  const url = process.env.PAWLINE_E2E_URL;
  if (!url) throw new Error('PAWLINE_E2E_URL is not set: start the stack (npm test launches it) and point this at the gateway');
  return url.replace(/\/+$/, '');
}

export type Browser = { context: BrowserContext; page: Page; close(): Promise<void> };

const CONTEXT = { viewport: { width: 1280, height: 800 }, locale: 'en-GB' };

async function firstPage(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15000);
  return page;
}

// A fresh profile per test keeps storage apart.
export async function openBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'pawline-e2e-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, ...CONTEXT, ...options });
  const page = await firstPage(context);
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The screen a browser opens with; a desktop's by default. */
export type BrowserOptions = Partial<Device>;

/** A screen to test on: its size and whether it is touched rather than clicked. */
export type Device = { viewport: { width: number; height: number }; hasTouch: boolean; isMobile: boolean };
/** A phone (390 px, the width of today's common phones) and a tablet, both touch screens. */
export const PHONE: Device = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const TABLET: Device = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };
export type Chromium = { newBrowser(options?: BrowserOptions): Promise<Browser>; close(): Promise<void> };

/**
 * One Chromium for tests that need several people or devices at once: every `newBrowser()` is a
 * context with its own cookies and storage (so its own login and device id, R4.16), cheaper than
 * a second process.
 */
export async function openChromium(): Promise<Chromium> {
  const launched = await launchChromium();
  return {
    async newBrowser(options: BrowserOptions = {}) {
      const context = await launched.newContext({ ...CONTEXT, ...options });
      return { context, page: await firstPage(context), close: () => context.close() };
    },
    close: () => launched.close(),
  };
}
