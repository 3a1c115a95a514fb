// A whole subscription on the stack with the sandbox payment provider (issue 14, 28; ADR 0028, 0032, 0046):
// a new owner gives Italian company billing data on /{orgaId}/payment (an invalid VAT and recipient code are
// refused first), subscribes to Premium during the free trial, confirms the method on the sandbox panel
// (nothing charged) and finds Premium scheduled for the trial's end and the first invoice on
// /{orgaId}/adminV2/plan, whose PDF downloads with the company's name whole (’ and – included).
import { readFileSync } from 'node:fs';
import { pdfText } from '../tools/pdf-text/pdf-text';
import { apiSession, salonOf } from './support/api';
import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});

afterEach(async () => {
  await browser.close();
});

type Subscription = {
  tier: number;
  plan_id: string;
  state: string;
  pending_payment_id: string | null;
  scheduled_start?: { plan_id: string } | null;
};

const ZAMPE = 'Toelettatura L’Incanto di Zampè – S.r.l.';
type Invoice = { id: string; number: string; kind: string; status: string; gross_cents: number; e_invoice: boolean };

describe('subscription with the sandbox payment provider', () => {
  it('R1.22 R1.23 R5.06 R5.07 an owner gives Italian company data, subscribes to Premium during the trial, confirms on the sandbox and downloads the first invoice as a PDF with the name whole', async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    const api = await apiSession(person.email, person.password);
    const { orgaId } = await salonOf(api);
    expect((await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`)).tier).toBe(0);

    await page.goto(`${productUrl()}/${orgaId}/payment`);
    await page.getByTestId('payment-page').waitFor();
    // nothing to pay with before there is billing data
    expect(await page.getByTestId('subscribe').isDisabled()).toBe(true);

    const billing = page.getByTestId('billing-data');
    await billing.locator('select[name="kind"]').selectOption('company');
    await billing.locator('input[name="legal_name"]').fill(ZAMPE);
    await billing.locator('input[name="vat"]').fill('IT00159560367');
    await billing.locator('input[name="codice_destinatario"]').fill('AB');
    await billing.locator('input[name="pec"]').fill('fido@pec.it');
    await billing.locator('input[name="address"]').fill('Via Verdi 3');
    await billing.locator('input[name="city"]').fill('Modena');
    await billing.locator('input[name="zip_code"]').fill('41121');
    await billing.locator('select[name="country"]').selectOption('IT');
    await page.getByTestId('save-billing-data').click();
    // R5.06 the VAT number's check digit is wrong: refused with its message, nothing stored
    await billing.getByText('Invalid VAT number').waitFor();
    expect(await api.call<{ v: unknown }>('GET', `/orga/${orgaId}/billing/data`)).toEqual({ v: null });
    // R5.07 with the VAT number right, the two-character recipient code is refused next
    await billing.locator('input[name="vat"]').fill('IT00159560366');
    await page.getByTestId('save-billing-data').click();
    await billing.getByText('The recipient code must be 7 letters or digits').waitFor();
    expect(await billing.getByText('Invalid VAT number').count()).toBe(0);
    expect(await api.call<{ v: unknown }>('GET', `/orga/${orgaId}/billing/data`)).toEqual({ v: null });

    await billing.locator('input[name="codice_destinatario"]').fill('m5uxcr1');
    await page.getByTestId('save-billing-data').click();
    await page.getByText('Your billing data have been saved.').waitFor();
    const saved = await api.call<{ v: Record<string, unknown> }>('GET', `/orga/${orgaId}/billing/data`);
    expect(saved.v).toMatchObject({
      kind: 'company',
      legal_name: ZAMPE,
      vat: '00159560366',
      codice_destinatario: 'M5UXCR1',
    });

    // Premium during the trial: nothing is charged before it ends; the sandbox's checkout only confirms the method
    await page.getByTestId('choose-premium').click();
    await page.getByTestId('subscribe').click();
    await page.getByTestId('payment-complete').waitFor();
    await page
      .getByTestId('payment-pending-text')
      .getByText(/nothing is charged now/)
      .waitFor();
    const pending = await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`);
    expect(pending).toMatchObject({ tier: 0 });
    expect(pending.pending_payment_id).not.toBeNull();
    await page.getByTestId('payment-complete').click();
    await page
      .getByTestId('payment-state')
      .and(page.locator('[data-state="paid"]'))
      .getByText(/^Payment method saved/)
      .waitFor();
    expect(await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`)).toMatchObject({
      tier: 0,
      state: 'free_trial',
      pending_payment_id: null,
      scheduled_start: { plan_id: 'premium' },
    });

    // the plan page: still the trial, Premium scheduled for its end, and the first invoice from that day
    await page.goto(`${productUrl()}/${orgaId}/adminV2/plan`);
    await page.getByTestId('plan-page').waitFor();
    await expect(page.getByTestId('subscription-scheduled').innerText()).resolves.toContain('Premium');
    const invoices = (await api.call<{ v: Invoice[] }>('GET', `/orga/${orgaId}/invoices`)).v;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'first', status: 'pending', e_invoice: true });
    const row = page.locator('tr', { hasText: invoices[0]?.number ?? '?' });
    await row.getByText('Pending').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('invoice-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${(invoices[0]?.number ?? '').replace('/', '-')}.pdf`);
    const bytes = readFileSync(await download.path());
    // read back with pdf.js: the company's name whole, its ’ and – as typed, the € sums, the courtesy copy
    const text = (await pdfText(bytes)).pages.join('\n');
    expect(text).toContain(ZAMPE);
    expect(text).toMatch(/Totale € \d+,\d\d/);
    expect(text).toContain('COPIA DI CORTESIA');
  });
});
