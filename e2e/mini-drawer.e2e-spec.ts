import { openBrowser, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

async function drawerWidth(browserPage: Browser['page']): Promise<number> {
  const box = await browserPage.getByTestId('left-drawer').boundingBox();
  if (!box) throw new Error('left drawer not visible');
  return Math.round(box.width);
}

describe('mini drawer', () => {
  it('R2.06 collapses to width 72 and the choice survives a reload (mini_variant)', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);

    const drawer = page.getByTestId('left-drawer');
    expect(await drawer.getAttribute('data-mini')).toBe('false');
    expect(await drawerWidth(page)).toBeGreaterThan(72);

    await page.getByTestId('mini-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="left-drawer"]')?.getAttribute('data-mini') === 'true');
    await page.waitForTimeout(400); // the width animates
    expect(await drawerWidth(page)).toBe(72);
    await expect(page.evaluate(() => window.localStorage.getItem('mini_variant'))).resolves.toBe('true');

    await page.reload();
    await page.getByTestId('left-drawer').waitFor();
    expect(await page.getByTestId('left-drawer').getAttribute('data-mini')).toBe('true');
    expect(await drawerWidth(page)).toBe(72);

    await page.getByTestId('mini-toggle').click();
    await page.reload();
    await page.getByTestId('left-drawer').waitFor();
    expect(await page.getByTestId('left-drawer').getAttribute('data-mini')).toBe('false');
  });
});
