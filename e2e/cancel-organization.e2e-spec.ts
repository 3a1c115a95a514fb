import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('cancelling the organization', () => {
  it('R1.17 needs a confirmation dialog and the typed name, then the owner is signed out for good', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('cancel-orga-start').click();

    // first confirmation: the dialog
    await page.getByTestId('confirm-dialog').getByText(`All stores, customers and users of ${person.salon} will be deleted.`).waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();

    // second confirmation: the organization's name typed again
    const typed = page.locator('input[name="confirm_name"]');
    await typed.waitFor();
    const final = page.getByTestId('confirm-dialog').filter({ has: typed }).getByTestId('confirm-dialog-confirm');
    await typed.fill(person.salon.toUpperCase());
    await expect(final.isDisabled()).resolves.toBe(true);
    await typed.fill(person.salon);
    await expect(final.isDisabled()).resolves.toBe(false);
    await final.click();
    await page.waitForURL(`${productUrl()}/`);

    // the account is gone with the organization
    await page.goto(`${productUrl()}/login`);
    await page.locator('input[name="username"]').fill(person.email);
    await page.locator('input[name="password"]').fill(person.password);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('login-error').waitFor();
  });
});
