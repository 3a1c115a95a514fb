// Issue 31 on the running stack: a store requires rabies of dogs, the calendar card of a dog without it says
// "Vaccination missing"; staff add the vaccination with a photo of the booklet on the pet's page, check the dates
// beside the photo and verify it, and the card's flag is gone. Axe checks the pet page, the check and the calendar.
import type { Page } from 'playwright-core';
import { apiSession, salonOf } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

const DAY = '2027-01-14';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('the care record (issue 31), on the running stack', () => {
  let chromium: Chromium;
  let page: Page;
  let orgaId = '';
  let storeId = '';
  let petId = '';

  beforeAll(async () => {
    chromium = await openChromium();
    page = (await chromium.newBrowser()).page;
    const person = await verifiedAccount(page);
    const session = await apiSession(person.email, person.password, 'e2e-care-api');
    ({
      orgaId,
      storeIds: [storeId = ''],
    } = await salonOf(session));
    const store = `/orga/${orgaId}/store/${storeId}`;
    await session.call('PUT', `${store}/care_settings`, {
      requirements: [{ pet_type: 0, vaccine: 'rabies', treatment_ids: [] }],
      expiring_days: 30,
      booking_mode: 'refuse',
    });
    const customer = await session.call<{ customer: { id: string } }>('POST', `${store}/customer`, {
      first_name: 'Maria',
      last_name: 'Verdi',
    });
    const pet = await session.call<{ pet: { id: string } }>('POST', `${store}/pet`, {
      customer_id: customer.customer.id,
      name: 'Fido',
      pet_type: 0,
    });
    petId = pet.pet.id;
    await session.call('POST', `${store}/appointment`, {
      appointment: { user_id: null, date: DAY, hour: 10, min: 0, duration: 60, app_name: 'Fido bath', pet_ids: [petId] },
      recurring: null,
    });
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
  }, 180000);

  afterAll(async () => {
    await chromium?.close();
  });

  const card = () => page.getByTestId('appointment-card').filter({ hasText: 'Fido bath' });

  it('issue 31 a vaccination added with its photo and verified beside it clears the calendar flag', async () => {
    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}?day=${DAY}`);
    await card().getByTestId('care-flag').waitFor();
    expect(await card().getByTestId('care-flag').textContent()).toBe('Vaccination missing');
    await expectNoSeriousA11yViolations(page, 'calendar with a vaccination flag');

    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}/pet/${petId}`);
    await page.getByTestId('vaccination-requirement').getByText('Rabies: missing').waitFor();
    await page.getByTestId('vaccination-add').click();
    await page.getByTestId('vaccination-given').fill('2026-06-01');
    await page.getByTestId('vaccination-until').fill('2027-06-01');
    await page.getByTestId('vaccination-proof-input').setInputFiles({ name: 'libretto.png', mimeType: 'image/png', buffer: PNG });
    await expectNoSeriousA11yViolations(page, 'pet page adding a vaccination');
    await page.getByTestId('vaccination-save').click();
    await page.getByTestId('vaccination-unverified').waitFor();
    await page.getByTestId('vaccination-check').click();
    await page.getByTestId('vaccination-proof-image').waitFor();
    await expectNoSeriousA11yViolations(page, 'a vaccination checked beside its proof');
    await page.getByTestId('vaccination-confirm').click();
    await page.getByTestId('vaccination-verified').waitFor();
    await page.getByTestId('vaccination-requirement').getByText('Rabies: up to date').waitFor();

    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}?day=${DAY}`);
    await card().waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="care-flag"]'));
    expect(await card().getByTestId('care-flag').count()).toBe(0);
  });
});
