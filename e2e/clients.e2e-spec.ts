import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

// The smallest valid PNG (1×1) and PDF: the crm checks uploads by their content (magic bytes).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('clients remote: customers, pets, tags and files', () => {
  it('R1.05 R5.10 R3.05 R3.06 R3.20 R6.08 R7.04 R7.07 creates a customer with two tagged pets, a pet photo and a privacy PDF, and finds the customer by a pet name', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);

    // the store the shell links to: /{orgaId}/store/{storeId}
    const storeHref = await page.locator('[data-testid="left-drawer"] a[href*="/store/"]').first().getAttribute('href');
    const match = /^\/([^/]+)\/store\/([^/]+)$/.exec(storeHref ?? '');
    if (!match) throw new Error(`no store link in the drawer: ${String(storeHref)}`);
    const [, orgaId, storeId] = match;
    const base = `${productUrl()}/${orgaId}/store/${storeId}`;

    await page.goto(`${base}/customers`);
    await page.getByTestId('customer-list-page').waitFor();
    await page.getByText('No customers yet').waitFor();

    // tags: a customer tag with icon 29 and a pet tag with an emoji
    await page.getByTestId('manage-tags').click();
    await page.locator('input[name="tag-name-customer"]').fill('VIP');
    await page.getByTestId('tag-manager-customer').getByTestId('tag-icon-29').click();
    await page.getByTestId('tag-save-customer').click();
    await page.getByTestId('tag-manager-customer').getByText('👑 VIP').waitFor();
    await page.locator('input[name="tag-name-pet"]').fill('Nervous');
    await page.locator('input[name="tag-emoji-pet"]').fill('😬');
    await page.getByTestId('tag-save-pet').click();
    await page.getByTestId('tag-manager-pet').getByText('😬 Nervous').waitFor();

    // the customer
    await page.getByTestId('new-customer').click();
    await page.getByTestId('customer-page').waitFor();
    await page.locator('input[name="first_name"]').fill('Giulia');
    await page.locator('input[name="last_name"]').fill('Ferraris');
    await page.locator('input[name="fon"]').fill('+39 333 7654321');
    await page.locator('input[name="email"]').fill('giulia.ferraris@example.it');
    await page.getByText('Agrees to receive reminders').click();
    await page.getByTestId('customer-tags-add').selectOption({ label: '👑 VIP' });
    await page.getByTestId('save-customer').click();
    await page.waitForURL(/\/customer\/[0-9a-f-]{36}$/);
    const customerUrl = page.url();
    await page.getByTestId('customer-pets').waitFor();

    // two pets, each tagged; the first gets a photo
    const petNames = ['Biscotto', 'Nuvola'];
    for (const [index, name] of petNames.entries()) {
      await page.goto(customerUrl);
      await page.getByTestId('add-pet').click();
      await page.getByTestId('pet-page').waitFor();
      await page.locator('input[name="name"]').fill(name);
      await page.locator('select[name="pet_type"]').selectOption(index === 0 ? '0' : '2');
      await page.locator('select[name="colour"]').selectOption('brindle');
      await page.locator('textarea[name="allergies"]').fill('Chicken');
      await page.getByTestId('pet-tags-add').selectOption({ label: '😬 Nervous' });
      await page.getByTestId('save-pet').click();
      await page.waitForURL(/\/pet\/[0-9a-f-]{36}$/);
      await page.getByTestId('pet-gallery').waitFor();
      if (index === 0) {
        await page.getByTestId('pet-photo-upload-input').setInputFiles({ name: 'biscotto.png', mimeType: 'image/png', buffer: PNG });
        await page.getByTestId('pet-photo').first().waitFor();
        await page.locator('[data-testid="pet-photo"] img').first().waitFor();
      } else {
        // R5.10: a text file named .png passes the name check here and is refused by content on the server
        await page
          .getByTestId('pet-photo-upload-input')
          .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
        await page.getByTestId('pet-photo-upload-error').getByText('File got the wrong file type').waitFor();
        expect(await page.getByTestId('pet-photo').count()).toBe(0);
      }
    }

    // the privacy document with its progress bar
    await page.goto(customerUrl);
    await page.getByTestId('privacy-file').waitFor();
    await page.getByTestId('privacy-upload-input').setInputFiles({ name: 'privacy.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('privacy-file-row').getByText('privacy.pdf').waitFor();
    expect(await page.getByTestId('customer-pet').count()).toBe(2);

    // found by a pet's name
    await page.goto(`${base}/customers`);
    await page.getByTestId('customer-table').waitFor();
    await page.getByRole('searchbox').fill('Nuvola');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="customer-row"]')];
      return rows.length === 1 && rows[0]?.textContent?.includes('Giulia Ferraris') && rows[0]?.textContent?.includes('Nuvola');
    });
    await page.getByRole('searchbox').fill('Nobody-like-this');
    await page.getByText('No customer matches the search').waitFor();

    // the store's pets
    await page.goto(`${base}/pet`);
    await page.getByTestId('pet-table').waitFor();
    expect(await page.getByTestId('pet-row').count()).toBe(2);

    // the organization's pets (without share_pets: its store's, R6.08)
    await page.goto(`${productUrl()}/${orgaId}/pet`);
    await page.getByText('Pets of the organization').waitFor();
    await page.getByTestId('pet-table').waitFor();
    expect(await page.getByTestId('pet-row').count()).toBe(2);
  });
});
