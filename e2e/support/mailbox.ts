import type { Page } from 'playwright-core';
import { productUrl } from './browser';

/** The newest link in the sandbox mailbox of `email` whose path is `pathname`, rebased onto the product's origin. */
export async function mailboxLink(page: Page, email: string, pathname: string): Promise<URL> {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    await page.goto(`${productUrl()}/dev/mailbox?to=${encodeURIComponent(email)}`);
    const links = await page.locator(`a[href*="${pathname}?"]`).evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    const first = links[0];
    if (first) {
      const link = new URL(first);
      return new URL(`${productUrl()}${link.pathname}${link.search}`);
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`no ${pathname} link for ${email} in /dev/mailbox`);
}
