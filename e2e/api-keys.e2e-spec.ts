import { expectNoSeriousA11yViolations } from './support/axe';
import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let owner: Browser;

beforeEach(async () => {
  owner = await openBrowser();
});

afterEach(async () => {
  await owner.close();
});

/** A call of another program, signed with the key alone (no cookie, no session). */
const withKey = (secret: string, method: string, path: string, body?: unknown) =>
  fetch(`${productUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

describe('API keys (issue 33)', () => {
  it('R7.10 the owner creates a read key, another program reads with it and may not write, and revoking stops it at once', async () => {
    const { page } = owner;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('store-home').waitFor();
    const [, orgaId = '', , storeId = ''] = new URL(page.url()).pathname.split('/');

    // reached from the organization settings
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('link-api-keys').click();
    await page.getByText('No API keys yet').waitFor();
    await expectNoSeriousA11yViolations(page, 'API keys, empty');
    await page.getByTestId('new-api-key').click();
    const dialog = page.getByTestId('api-key-dialog');
    await dialog.locator('input[name="name"]').fill('Website');
    await dialog.locator('select[name="access-customers"]').selectOption('read');
    await expectNoSeriousA11yViolations(page, 'new API key dialog');
    await page.getByTestId('api-key-dialog-save').click();

    // the secret, this once
    const secret = (await page.getByTestId('api-key-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^pwk_[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page, 'the new key shown once');
    await page.getByText('I have copied it').click();
    await page.getByTestId('api-keys-table').getByText('Website').waitFor();
    expect(await page.content()).not.toContain(secret);

    // another program: reads customers with it, may not write
    const store = `/api/v1/orga/${orgaId}/store/${storeId}`;
    expect((await withKey(secret, 'GET', `${store}/customers`)).status).toBe(200);
    expect((await withKey(secret, 'POST', `${store}/customer`, { first_name: 'Nope' })).status).toBe(403);

    // its use shows in the list; revoking asks first and stops the key at once
    await page.reload();
    await page.getByTestId('api-keys-table').getByText('Website').waitFor();
    await expect(page.getByTestId('api-keys-table').getByText('Not used yet').count()).resolves.toBe(0);
    await page.getByTestId('revoke-api-key').click();
    await page.getByText('Programs using “Website” lose access at once').waitFor();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('No API keys yet').waitFor();
    expect((await withKey(secret, 'GET', `${store}/customers`)).status).toBe(401);
  });
});
