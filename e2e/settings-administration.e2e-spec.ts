import { openBrowser, productUrl, type Browser } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn, verifiedAccount } from './support/newcomer';

let owner: Browser;

beforeEach(async () => {
  owner = await openBrowser();
});

afterEach(async () => {
  await owner.close();
});

describe('settings for organization administrators: external services and customer settings', () => {
  it('R5.14 R5.13 the owner adds external services (a used id is refused) and makes at most 3 customer fields mandatory', async () => {
    const { page } = owner;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('store-home').waitFor();
    const orgaId = new URL(page.url()).pathname.split('/')[1] ?? '';

    // reached from 'Team and shop' of the organization settings
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('link-external-services').click();
    await page.getByText('No external services yet').waitFor();
    await expectNoSeriousA11yViolations(page, 'external services, empty');
    await page.getByTestId('new-external-service').click();
    const dialog = page.getByTestId('external-service-dialog');
    await dialog.locator('input[name="name"]').fill('Vetsoft');
    await dialog.locator('input[name="service_id"]').fill('vetsoft');
    await expectNoSeriousA11yViolations(page, 'external service dialog');
    await page.getByTestId('external-service-dialog-save').click();
    await page.getByTestId('external-services-table').getByText('vetsoft', { exact: true }).waitFor();
    await page.getByTestId('new-external-service').click();
    await dialog.locator('input[name="name"]').fill('Other');
    await dialog.locator('input[name="service_id"]').fill('vetsoft');
    await page.getByTestId('external-service-dialog-save').click();
    await dialog.getByText('The id is already in use').waitFor();
    await dialog.locator('input[name="service_id"]').fill('shop');
    await page.getByTestId('external-service-dialog-save').click();
    await page.getByTestId('external-services-table').getByText('shop', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'external services, listed');

    // customer settings: the 4th mandatory field cannot be chosen
    await page.goto(`${productUrl()}/${orgaId}/settings/customers`);
    await page.getByTestId('customer-settings-page').getByText('Mandatory customer information').waitFor();
    for (const field of ['fon', 'email', 'city']) await page.getByTestId(`mandatory-${field}`).click();
    await page.getByTestId('mandatory-limit').getByText('You have chosen 3 fields, the most allowed.', { exact: false }).waitFor();
    await expect(page.getByTestId('mandatory-last_name').locator('input').isDisabled()).resolves.toBe(true);
    await page.locator('select[name="checkout_microchip"]').selectOption('ask_required');
    await expectNoSeriousA11yViolations(page, 'customer settings');
    await page.getByTestId('save-customer-settings').click();
    await page.getByText('Your changes have been saved.').first().waitFor();
    // saved on the server: a fresh page shows them
    await page.reload();
    await page.getByTestId('customer-settings-page').getByText('Mandatory customer information').waitFor();
    await expect(page.locator('select[name="checkout_microchip"]').inputValue()).resolves.toBe('ask_required');
    await expect(page.getByTestId('mandatory-city').getAttribute('data-state')).resolves.toBe('checked');

    // the store overview
    await page.getByTestId('nav-stores').click();
    await page.getByTestId('stores-table').waitFor();
    await expectNoSeriousA11yViolations(page, 'store overview');
  });
});
