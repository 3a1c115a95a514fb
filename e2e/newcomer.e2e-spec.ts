import { openBrowser, productUrl, type Browser } from './support/browser';
import { newcomer, verificationLinkFromMailbox } from './support/newcomer';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('newcomer path', () => {
  it('R1.02 R5.04 R4.15 R2.09 registers, verifies the e-mail from the mailbox (signed in by the link), opens /user from the settings remote, logs out to / and logs in again', async () => {
    const { page } = browser;
    const person = newcomer();

    await page.goto(`${productUrl()}/register`);
    // R1.02: the 15-day free trial without payment is advertised on the form
    await expect(page.getByTestId('trial-notice').innerText()).resolves.toMatch(/15/);
    await page.locator('input[name="first_name"]').fill(person.firstName);
    await page.locator('input[name="last_name"]').fill(person.lastName);
    await page.locator('input[name="email"]').fill(person.email);
    await page.locator('input[name="organization_name"]').fill(person.salon);
    await page.locator('input[name="password"]').fill(person.password);
    await page.locator('input[name="password_confirmation"]').fill(person.password);
    await page.locator('select[name="country"]').selectOption('IT');

    // R5.04: without terms and privacy nothing is sent
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Please accept the terms and conditions').waitFor();
    await page.getByText('Please accept the privacy policy').waitFor();
    expect(await page.getByTestId('register-done').count()).toBe(0);

    // the documents' names are links (issue 29): tick the boxes, not the words
    await page.locator('label:has(input[name="accept_terms"]) [data-part="control"]').click();
    await page.locator('label:has(input[name="accept_privacy"]) [data-part="control"]').click();
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('register-done').waitFor();

    const link = await verificationLinkFromMailbox(page, person.email);
    await page.goto(link);
    await page.getByTestId('verify-success').waitFor();

    // confirming signed in (issue 29): the link goes home, into the app
    await page.getByTestId('verify-success').getByRole('link').click();
    await page.getByTestId('left-drawer').waitFor();
    await page.getByTestId('top-bar').waitFor();

    await page.getByTestId('user-button').click();
    await page.getByTestId('user-link').click();
    await page.waitForURL(`${productUrl()}/user`);
    // the page below comes from the settings remote
    await page.getByTestId('user-page').waitFor();
    await expect(page.locator('input[name="first_name"]').inputValue()).resolves.toBe(person.firstName);
    await expect(page.locator('input[name="email"]').inputValue()).resolves.toBe(person.email);
    await expect(page.getByTestId('app-version').innerText()).resolves.toContain('11.4.6');

    await page.getByTestId('user-button').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // the session is really gone: a reload stays logged out
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('left-drawer').count()).toBe(0);

    await page.goto(`${productUrl()}/login`);
    await page.locator('input[name="username"]').fill(person.email);
    await page.locator('input[name="password"]').fill(person.password);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('left-drawer').waitFor();
  });
});
