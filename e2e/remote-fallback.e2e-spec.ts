import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('a remote that fails to load', () => {
  it('shows a fallback card inside the working shell instead of a blank page', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await page.route('**/remotes/settings/remoteEntry.js', (route) => route.abort());

    await signIn(page, person);
    await page.goto(`${productUrl()}/user`);

    const fallback = page.getByTestId('remote-fallback');
    await fallback.waitFor();
    await expect(fallback.innerText()).resolves.toContain('could not be loaded');
    // the frame around it still works
    await page.getByTestId('top-bar').waitFor();
    await page.getByTestId('left-drawer').waitFor();
    expect(await page.getByTestId('user-page').count()).toBe(0);

    await page.getByTestId('help-button').click();
    await page.getByTestId('help-page').waitFor();
  });
});
