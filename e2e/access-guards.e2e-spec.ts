import { randomBytes } from 'node:crypto';
import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let owner: Browser;
let employee: Browser | null = null;

beforeEach(async () => {
  owner = await openBrowser();
});

afterEach(async () => {
  await owner.close();
  if (employee) await employee.close();
  employee = null;
});

describe('the browser guards of spec §6', () => {
  it('R6.05 R6.04 a worker below the minimum rank for writing pets is sent home from the pet and customer pages, and sees the store overview without its administration', async () => {
    const { page } = owner;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('store-home').waitFor();
    const [, orgaId = '', , storeId = ''] = new URL(page.url()).pathname.split('/');

    // pets and customers may be written by moderators (2) and above only
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('orga-data').waitFor();
    await page.locator('select[name="min_rank_write_pets"]').selectOption('2');
    await page.getByTestId('save-orga').click();
    await page.getByText('Your changes have been saved.').first().waitFor();

    // a worker (3) of every store
    await page.getByTestId('nav-team').click();
    await page.getByTestId('team-table').waitFor();
    await page.getByTestId('new-member').click();
    const dialog = page.getByTestId('member-dialog');
    const tag = randomBytes(3).toString('hex');
    await dialog.locator('input[name="first_name"]').fill('Wil');
    await dialog.locator('input[name="last_name"]').fill(`Verdi${tag}`);
    await dialog.locator('input[name="email"]').fill(`wil-${tag}@example.com`);
    await dialog.locator('select[name="orga_rank"]').selectOption('3');
    await page.getByTestId('member-dialog-save').click();
    const username = (await page.getByTestId('created-username').textContent()) ?? '';
    const firstPassword = (await page.getByTestId('created-password').textContent()) ?? '';
    await page.getByTestId('confirm-dialog-confirm').click();

    employee = await openBrowser();
    const staff = employee.page;
    await signIn(staff, { email: username, password: firstPassword, firstName: 'Wil', lastName: 'Verdi', salon: '' });
    const storeHome = `**/${orgaId}/store/${storeId}`;
    await staff.waitForURL(storeHome);

    // reading the store's pets is allowed (store read) …
    await staff.goto(`${productUrl()}/${orgaId}/store/${storeId}/pet`);
    await staff.getByTestId('pet-list-page').waitFor();
    await staff.goto(`${productUrl()}/${orgaId}/store/${storeId}/customers`);
    await staff.getByTestId('customer-list-page').waitFor();
    await expect(staff.getByTestId('new-customer').count()).resolves.toBe(0);
    // … the pet and customer pages, which write, send the worker home (pet write guard)
    await staff.goto(`${productUrl()}/${orgaId}/store/${storeId}/pet/new`);
    await staff.waitForURL(storeHome);
    await staff.goto(`${productUrl()}/${orgaId}/store/${storeId}/customer/new`);
    await staff.waitForURL(storeHome);
    // another organization's path goes home too
    await staff.goto(`${productUrl()}/00000000-0000-4000-8000-000000000000/store`);
    await staff.waitForURL(storeHome);

    // the store overview is for every member: the worker's store, no creating or editing
    await staff.getByTestId('nav-stores').click();
    await staff.getByTestId('stores-table').waitFor();
    await expect(staff.getByTestId('new-store').count()).resolves.toBe(0);
    await expect(staff.getByTestId('edit-store').count()).resolves.toBe(0);

    // the owner still opens the pet list and a customer page (new customer)
    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}/customer/new`);
    await page.locator('input[name="first_name"]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${orgaId}/store/${storeId}/customer/new`);
  });
});
