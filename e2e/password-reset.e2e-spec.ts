import { openBrowser, productUrl, type Browser } from './support/browser';
import { mailboxLink } from './support/mailbox';
import { signIn, verifiedAccount } from './support/newcomer';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('password reset', () => {
  it('R1.13 R5.03 a reset link from the mailbox sets a new password that signs in', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);

    await page.goto(`${productUrl()}/login`);
    await page.getByTestId('forgot-password').click();
    await page.waitForURL('**/password-reset');
    await page.locator('input[name="email"]').fill(person.email);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('password-reset-sent').waitFor();

    const link = await mailboxLink(page, person.email, '/reset-password');
    await page.goto(`${productUrl()}/password-reset/confirm${link.search}`);
    const newPassword = `${person.password}-new`;
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="password_confirmation"]').fill(`${newPassword}x`);
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Passwords are not the same').waitFor();
    await page.locator('input[name="password_confirmation"]').fill(newPassword);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('password-reset-done').waitFor();

    // the token is single-use: the same link fails now
    await page.goto(`${productUrl()}/password-reset/confirm${link.search}`);
    await page.locator('input[name="password"]').fill(`${newPassword}2`);
    await page.locator('input[name="password_confirmation"]').fill(`${newPassword}2`);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('snackbar').first().waitFor();
    await expect(page.getByTestId('password-reset-done').count()).resolves.toBe(0);

    await signIn(page, { ...person, password: newPassword });
    await page.getByTestId('store-home').waitFor();
  });
});
