import type { Page } from 'playwright-core';
import { until } from '@pawline/nest-kit/testing';
import { productUrl } from './browser';

/** The newest link in the sandbox mailbox of `email` whose path is `pathname`, rebased onto the product's origin. */
export async function mailboxLink(page: Page, email: string, pathname: string): Promise<URL> {
  const first = await until(
    async () => {
      await page.goto(`${productUrl()}/dev/mailbox?to=${encodeURIComponent(email)}`);
      const links = await page
        .locator(`a[href*="${pathname}?"]`)
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      return links[0];
    },
    { timeoutMs: 20_000, intervalMs: 500, what: `a ${pathname} link for ${email} in /dev/mailbox` },
  );
  const link = new URL(first);
  return new URL(`${productUrl()}${link.pathname}${link.search}`);
}
