import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/**
 * How the browser tests (e2e/support/browser.ts) and the benches (tools/bench) launch Chromium:
 * Debian's, never a downloaded one; CHROMIUM_PATH (the test launcher sets it) may point elsewhere.
 */
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** One Chromium process; its contexts keep cookies and storage apart. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}
