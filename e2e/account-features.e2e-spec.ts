import { randomBytes } from 'node:crypto';
import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let browser: Browser;
let phone: Browser | null = null;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
  if (phone) await phone.close();
  phone = null;
});

describe('account features of the frame and the user page', () => {
  it('R2.12 the welcome dialog shows on the first sign-in and stays closed once closed', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    await expect(page.getByTestId('welcome-dialog').count()).resolves.toBe(0);
    await page.reload();
    await page.getByTestId('left-drawer').waitFor();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('welcome-dialog').count()).resolves.toBe(0);
  });

  it('R1.14 R1.15 R2.04 R1.18 change e-mail waits for verification, the QR code signs in on another device, and the rating dialog', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.goto(`${productUrl()}/user`);
    await page.getByTestId('user-page').waitFor();

    // change e-mail: the old address stays until the new one is verified
    const card = page.getByTestId('change-email');
    await card.locator('input[name="new_email"]').fill('not-an-address');
    await card.locator('button[type="submit"]').click();
    await card.getByText('Invalid e-mail').waitFor();
    const newEmail = `e2e-new-${randomBytes(4).toString('hex')}@example.com`;
    await card.locator('input[name="new_email"]').fill(newEmail);
    // issue 11: the current password is asked for too
    await card.locator('input[name="current_password"]').fill(person.password);
    await card.locator('button[type="submit"]').click();
    await expect(page.getByTestId('pending-email').textContent()).resolves.toContain(newEmail);
    await expect(card.textContent()).resolves.toContain(person.email);

    // the QR code of the /autologin link, and the link itself signs in elsewhere
    const [linkResponse] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/v1/user/autologin-link')),
      page.getByTestId('qr-show').click(),
    ]);
    const { url } = (await linkResponse.json()) as { url: string };
    const link = new URL(url);
    expect(link.pathname).toBe('/autologin');
    expect(link.searchParams.get('p')).not.toBe(person.password);
    await expect(page.getByTestId('qr-image').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    phone = await openBrowser();
    await phone.page.goto(`${productUrl()}/autologin${link.search}`);
    await phone.page.getByTestId('store-home').waitFor();

    // rating: Rate needs stars, then the end dialog
    await page.getByTestId('rate-open').click();
    await page.getByTestId('rating-dialog').waitFor();
    await page.getByTestId('rating-rate').click();
    await expect(page.getByTestId('rating-end').count()).resolves.toBe(0);
    await page.getByTestId('rating-star-4').click();
    await page.getByTestId('rating-rate').click();
    await page.getByTestId('rating-end').waitFor();
  });
});
