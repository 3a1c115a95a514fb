// Issue 32, the counter's check-out on the running stack: from the calendar's appointment dialog to the counter,
// a grooming and a shampoo sold with a tip for the groomer; stock drops by one; the courtesy receipt PDF, read back
// with pdf.js, has both lines and the VAT; the payroll shows the groomer's commission and tip for the day.
// Product, stock, commission rule, customer, pet and appointment are set up through the API.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { pdfText } from '../tools/pdf-text/pdf-text';
import { apiSession, salonOf, type ApiSession } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openChromium, productUrl, type Chromium } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

const BARCODE = '8022767010017';

describe('check-out at the counter (issue 32), on the running stack', () => {
  let chromium: Chromium;
  let page: Page;
  let session: ApiSession;
  let orgaId = '';
  let storeId = '';
  let owner = '';
  let shampooId = '';
  let appointmentId = '';
  let today = '';

  const onHand = async () => {
    const rows = await session.call<{ product_id: string; on_hand: number }[]>('GET', `/orga/${orgaId}/store/${storeId}/retail/stock`);
    return rows.find((row) => row.product_id === shampooId)?.on_hand;
  };

  beforeAll(async () => {
    chromium = await openChromium();
    page = (await chromium.newBrowser()).page;
    const person = await verifiedAccount(page);
    session = await apiSession(person.email, person.password, 'e2e-counter-api');
    ({
      orgaId,
      storeIds: [storeId = ''],
    } = await salonOf(session));
    const store = `/orga/${orgaId}/store/${storeId}`;
    const orga = await session.call<{ users: { user_id: string }[]; stores: { id: string; time_zone: string }[] }>(
      'GET',
      `/orga/${orgaId}`,
    );
    owner = orga.users[0]?.user_id ?? '';
    const zone = orga.stores.find((candidate) => candidate.id === storeId)?.time_zone ?? 'Europe/Rome';
    today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const shampoo = await session.call<{ id: string }>('POST', `/orga/${orgaId}/retail/product`, {
      name: 'Shampoo Avena',
      barcode: BARCODE,
      price_cents: 1220,
      vat_rate_bp: 2200,
      cost_cents: 450,
    });
    shampooId = shampoo.id;
    await session.call('POST', `${store}/retail/stock/receipt`, { product_id: shampooId, quantity: 5 });
    await session.call('PUT', `/orga/${orgaId}/retail/commission_rule/${owner}`, {
      service_bp: 4000,
      product_bp: 1000,
      product_after_cost: true,
    });
    const customer = await session.call<{ customer: { id: string } }>('POST', `${store}/customer`, {
      first_name: 'Maria',
      last_name: 'Rossi',
      fon: '+39 333 1234567',
    });
    const pet = await session.call<{ pet: { id: string } }>('POST', `${store}/pet`, {
      customer_id: customer.customer.id,
      name: 'Fido',
      pet_type: 0,
    });
    const treatment = await session.call<{ id: string }>('POST', `/orga/${orgaId}/treatment`, {
      name: 'Bagno e taglio',
      default_price: 5000,
    });
    const booked = await session.call<{ items: { id: string }[] }>('POST', `${store}/appointment`, {
      appointment: {
        user_id: owner,
        date: today,
        hour: 0,
        min: 30,
        duration: 90,
        price: 5000,
        treatment_ids: [treatment.id],
        pet_ids: [pet.pet.id],
      },
      recurring: null,
      allow_conflict: true,
    });
    appointmentId = booked.items[0]?.id ?? '';
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
  }, 180000);

  afterAll(async () => {
    await chromium?.close();
  });

  it('issue 32 sells the grooming and a shampoo with a tip; stock drops by one; the receipt PDF has both lines and the VAT', async () => {
    await page.goto(`${productUrl()}/${orgaId}/store/${storeId}?day=${today}`);
    await page.locator(`[data-testid="appointment-card"][data-appointment-id="${appointmentId}"]`).first().click();
    await page.getByTestId('appointment-counter-checkout').click();
    await page.waitForURL(`**/${orgaId}/store/${storeId}/counter?appointment=${appointmentId}`);
    await page.getByTestId('checkout-service-name').getByText('Bagno e taglio').waitFor();
    const scan = page.getByTestId('sale-scan');
    await scan.fill(BARCODE);
    await scan.press('Enter');
    await page.getByTestId('line-0').waitFor();
    await page.getByTestId('checkout-tip').fill('5');
    expect(await page.getByTestId('sale-total').innerText()).toContain('62.20');
    await expectNoSeriousA11yViolations(page, 'counter check-out');
    await page.getByTestId('sale-submit').click();
    const last = page.getByTestId('last-sale');
    await last.waitFor();
    expect(await last.innerText()).toMatch(/62\.20[\s\S]*67\.20/);
    expect(await onHand()).toBe(4);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-pdf').click()]);
    const { pages } = await pdfText(readFileSync(await download.path()));
    const text = pages.join('\n');
    expect(text).toContain('Courtesy receipt');
    expect(text).toContain('Bagno e taglio');
    expect(text).toContain('Shampoo Avena');
    expect(text).toContain('VAT by rate');
    expect(text).toContain('22 %');
    // 9.02 € of the grooming and 2.20 € of the shampoo
    expect(text).toContain('11.22');
    expect(text).toContain('62.20');
    expect(text).toMatch(/SANDBOX-\d{4}/);
  });

  it("issue 32 the payroll shows the groomer's commission and tip for the day, and the CSV downloads", async () => {
    await page.getByTestId('tab-payroll').click();
    const row = page.getByTestId(`payroll-row-${owner}`);
    await row.waitFor();
    const cells = await row.innerText();
    // 40 % of 40.98 € net and 10 % of the shampoo's 10.00 € net less 4.50 € cost: 16.94 €; the tip 5.00 €
    expect(cells).toContain('16.94');
    expect(cells).toContain('5.00');
    expect(cells).toContain('21.94');
    await expectNoSeriousA11yViolations(page, 'counter payroll');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payroll-csv').click()]);
    expect(readFileSync(await csv.path(), 'utf8')).toContain(',16.94,5.00,21.94');
  });
});
