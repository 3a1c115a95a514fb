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

describe('stores and team', () => {
  it('R3.04 R3.03 R2.07 R6.04 R6.06 R5.01 R5.05 the owner adds a store and an employee with a store override; the employee sees only that store', async () => {
    const { page } = owner;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    // one store: no switcher (R2.07)
    await page.getByTestId('store-home').waitFor();
    const orgaId = new URL(page.url()).pathname.split('/')[1] ?? '';
    expect(orgaId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByTestId('store-switcher').count()).resolves.toBe(0);

    // a second store from the administrator's menu (R6.06)
    await page.getByTestId('nav-stores').click();
    await page.getByTestId('stores-table').waitFor();
    await page.getByTestId('new-store').click();
    const storeDialog = page.getByTestId('store-dialog');
    await storeDialog.locator('input[name="phone"]').fill('not a phone');
    await page.getByTestId('store-dialog-save').click();
    await storeDialog.getByText('Required').first().waitFor();
    await storeDialog.getByText('The phone number is in incorrect format').waitFor();
    await storeDialog.locator('input[name="name"]').fill('Salone Mare');
    await storeDialog.locator('input[name="phone"]').fill('+39 0541 123456');
    await expect(storeDialog.locator('input[name="time_zone"]').inputValue()).resolves.toBe('Europe/Rome');
    await page.getByTestId('store-dialog-save').click();
    await page.getByTestId('store-Salone Mare').waitFor();

    // the switcher appears with the organization and both stores
    const switcher = page.getByTestId('store-switcher');
    await switcher.waitFor();
    const options = await switcher.locator('option').allTextContents();
    expect(options).toContain('Salone Mare');
    expect(options.length).toBeGreaterThanOrEqual(3);

    // an employee who reaches only the new store
    await page.getByTestId('nav-team').click();
    await page.getByTestId('team-table').waitFor();
    await page.getByTestId('new-member').click();
    const dialog = page.getByTestId('member-dialog');
    const tag = randomBytes(3).toString('hex');
    await dialog.locator('input[name="first_name"]').fill('Lia');
    await dialog.locator('input[name="last_name"]').fill(`Rossi${tag}`);
    await dialog.locator('input[name="email"]').fill(`lia-${tag}@example.com`);
    await dialog.locator('select[name="orga_rank"]').selectOption('3');
    const storeIds = await dialog
      .locator('select[name^="override_"]')
      .evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).name.replace('override_', '')));
    const mareRow = dialog.getByTestId('store-overrides').locator('div').filter({ hasText: 'Salone Mare' }).last();
    const mareSelect = mareRow.locator('select');
    const mareId = (await mareSelect.getAttribute('name'))?.replace('override_', '') ?? '';
    expect(storeIds).toContain(mareId);
    await mareSelect.selectOption('3');
    await page.getByTestId('member-dialog-save').click();
    const username = (await page.getByTestId('created-username').textContent()) ?? '';
    const firstPassword = (await page.getByTestId('created-password').textContent()) ?? '';
    expect(username).toMatch(/^liarossi/);
    expect(firstPassword.length).toBeGreaterThanOrEqual(8);
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId(`member-${username}`).waitFor();

    // the employee signs in with the first password and lands in the one store it reaches
    employee = await openBrowser();
    const staff = employee.page;
    await signIn(staff, { email: username, password: firstPassword, firstName: 'Lia', lastName: 'Rossi', salon: '' });
    await staff.waitForURL(`**/${orgaId}/store/${mareId}`);
    await expect(staff.getByTestId('store-name').textContent()).resolves.toBe('Salone Mare');
    await expect(staff.getByTestId('store-switcher').count()).resolves.toBe(0);
    await expect(staff.getByTestId('nav-settings').count()).resolves.toBe(0);
    // another store of the organization and the settings send the employee home, i.e. back to the store (R6.05)
    const otherStoreId = storeIds.find((id) => id !== mareId) ?? '';
    await staff.goto(`${productUrl()}/${orgaId}/store/${otherStoreId}`);
    await staff.waitForURL(`**/${orgaId}/store/${mareId}`);
    await staff.goto(`${productUrl()}/${orgaId}/settings`);
    await staff.waitForURL(`**/${orgaId}/store/${mareId}`);

    // deactivation asks first, then ends the employee's session at once
    const row = page.getByTestId(`member-${username}`);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('confirm-dialog').getByText(`Lia Rossi${tag} will no longer be able to sign in`).waitFor();
    await page.getByTestId('confirm-dialog-confirm').click();
    await row.getByText('Deactivated').waitFor();
    await staff.reload();
    await staff.waitForURL('**/login');
  });

  it('R5.15 R2.12 organization settings: the unsaved-changes question and the sanitized administrator notification', async () => {
    const { page } = owner;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('orga-data').waitFor();

    await page
      .locator('textarea[name="admin_notification"]')
      .fill('<p>Closed on <b>Monday</b><script>window.hacked = true</script><img src=x onerror="window.hacked = true"></p>');
    const nameInput = page.locator('input[name="name"]');
    await nameInput.fill(`${person.salon} Centro`);

    // leaving with unsaved changes asks the spec's question; staying keeps the form
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.message());
      void question.dismiss();
    });
    await page.getByTestId('nav-user').click();
    await page.waitForTimeout(500);
    expect(asked).toEqual(['You have unsaved changes. Are you sure you wish to leave?']);
    await expect(nameInput.inputValue()).resolves.toBe(`${person.salon} Centro`);

    await page.getByTestId('save-orga').click();
    const bar = page.getByTestId('admin-notification');
    await bar.waitFor();
    await expect(bar.textContent()).resolves.toContain('Closed on Monday');
    await expect(bar.locator('script, img').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).resolves.toBeUndefined();
    await expect(page.locator('header h1').textContent()).resolves.toBe(`${person.salon} Centro`);
  });
});
