// A whole subscription on the stack with the sandbox payment provider (issue 14, ADR 0028 and 0032):
// a new owner gives Italian company billing data on /{orgaId}/payment (an invalid VAT and recipient
// code are refused first), subscribes to Premium, completes the payment on the sandbox panel and
// finds the paid plan and the first invoice, whose PDF downloads, on /{orgaId}/adminV2/plan.
import { readFileSync } from 'node:fs';
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

type Subscription = { tier: number; plan_id: string; state: string; pending_payment_id: string | null };
type Invoice = { id: string; number: string; kind: string; status: string; gross_cents: number; e_invoice: boolean };

describe('subscription with the sandbox payment provider', () => {
  it('R1.22 R1.23 R5.06 R5.07 an owner gives Italian company data, subscribes to Premium, pays on the sandbox and sees the paid plan with an invoice whose PDF downloads', async () => {
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
    await billing.locator('input[name="legal_name"]').fill('Toelettatura Fido S.r.l.');
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
      legal_name: 'Toelettatura Fido S.r.l.',
      vat: '00159560366',
      codice_destinatario: 'M5UXCR1',
    });

    // Premium, the first month pro-rata; the sandbox's checkout waits for the person
    await page.getByTestId('choose-premium').click();
    await page.getByTestId('subscribe').click();
    await page.getByTestId('payment-complete').waitFor();
    const pending = await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`);
    expect(pending).toMatchObject({ tier: 0 });
    expect(pending.pending_payment_id).not.toBeNull();
    await page.getByTestId('payment-complete').click();
    await page
      .getByTestId('payment-state')
      .getByText(/^Paid .*Thank you!$/)
      .waitFor();
    expect(await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`)).toMatchObject({
      tier: 4,
      plan_id: 'premium',
      state: 'premium_active',
      pending_payment_id: null,
    });

    // the plan page: Premium, active, and the first invoice paid
    await page.goto(`${productUrl()}/${orgaId}/adminV2/plan`);
    await page.getByTestId('plan-page').waitFor();
    await expect(page.getByTestId('current-plan').innerText()).resolves.toContain('Premium');
    await expect(page.getByTestId('subscription-state').innerText()).resolves.toBe('Active');
    const invoices = (await api.call<{ v: Invoice[] }>('GET', `/orga/${orgaId}/invoices`)).v;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'first', status: 'paid', e_invoice: true });
    const row = page.locator('tr', { hasText: invoices[0]?.number ?? '?' });
    await row.getByText('Paid').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('invoice-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${(invoices[0]?.number ?? '').replace('/', '-')}.pdf`);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.toString('latin1')).toContain('%%EOF');
  });
});
