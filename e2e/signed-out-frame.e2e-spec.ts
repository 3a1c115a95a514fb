import { openBrowser, productUrl, type Browser } from './support/browser';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('the signed-out frame and its errors', () => {
  it('R2.08 shows the product icon, the title and the language switch in the logged-out top bar', async () => {
    const { page } = browser;
    await page.goto(`${productUrl()}/login`);
    const topBar = page.getByTestId('top-bar');
    await topBar.waitFor();
    await expect(topBar.locator('a[href="/"] svg').count()).resolves.toBe(1);
    await expect(topBar.locator('h1').textContent()).resolves.toBe('Pawline');
    await expect(topBar.getByTestId('language-switch').count()).resolves.toBe(1);
    // no user button, drawer or help while signed out
    await expect(topBar.getByTestId('user-button').count()).resolves.toBe(0);
  });

  it('R8.01 R8.07 shows a failed login as an error snackbar with the spec text, which stays until closed', async () => {
    const { page } = browser;
    await page.goto(`${productUrl()}/login`);
    await page.locator('input[name="username"]').fill(`nobody-${Date.now()}`);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();

    const snackbar = page.locator('[data-testid="snackbar"][data-snackbar-type="error"]');
    await snackbar.first().waitFor();
    await expect(snackbar.first().textContent()).resolves.toContain('Wrong username or password');
    // an error snackbar is not a timed notification: it is still there well past 5 seconds
    await page.waitForTimeout(5_500);
    await expect(snackbar.count()).resolves.toBe(1);
    await snackbar.first().getByRole('button').click();
    await expect(snackbar.count()).resolves.toBe(0);
  });
});
