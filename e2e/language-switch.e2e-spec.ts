import { openBrowser, productUrl, type Browser } from './support/browser';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('language switch', () => {
  it('R1.03 switching to Italian stores the choice and reloads the page in Italian', async () => {
    const { page } = browser;
    await page.goto(`${productUrl()}/login`);
    await page.locator('form h2').filter({ hasText: 'Log in' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeSwitch?: boolean }).beforeSwitch = true;
    });

    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('it')]);

    await page.locator('form h2').filter({ hasText: 'Accedi' }).waitFor();
    await expect(page.locator('label').filter({ hasText: 'Nome utente' }).count()).resolves.toBe(1);
    // a new document: the marker set before the switch is gone
    await expect(page.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch)).resolves.toBeUndefined();
    await expect(page.evaluate(() => window.localStorage.getItem('language'))).resolves.toBe('it');

    // and it stays Italian on the next visit
    await page.reload();
    await page.locator('form h2').filter({ hasText: 'Accedi' }).waitFor();
  });
});
