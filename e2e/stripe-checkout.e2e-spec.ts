// A checkout paid on Stripe's hosted page (issue 14, ADR 0032 as amended): needs a stack started with
// PAWLINE_PAYMENTS=stripe against tools/fake-stripe (its /pay/:session page stands in for Stripe's) and
// PAWLINE_E2E_STRIPE=<the fake's URL>; the stack's PUBLIC_URL must be PAWLINE_E2E_URL (Stripe sends the
// person back there). Without PAWLINE_E2E_STRIPE the stack pays with the sandbox and this spec is skipped.
// Run on a private stack (measured green 2026-11-24):
//   node tools/fake-stripe/main.cjs --port=4598 --key=sk_test_h8 --webhook=http://127.0.0.1:3180/api/v1/webhooks/stripe --webhook-secret=whsec_h8
//   PORT=3180 PUBLIC_URL=http://127.0.0.1:3180 PAWLINE_PAYMENTS=stripe STRIPE_SECRET_KEY=sk_test_h8 STRIPE_WEBHOOK_SECRET=whsec_h8 \
//     STRIPE_API_BASE=http://127.0.0.1:4598 npm start   (plus the database and prefix variables of a private stack)
//   PAWLINE_E2E_URL=http://127.0.0.1:3180 PAWLINE_E2E_STRIPE=http://127.0.0.1:4598 npx jest -c e2e/jest.config.cjs stripe-checkout
import { apiSession, salonOf } from './support/api';
import { openBrowser, productUrl, type Browser } from './support/browser';
import { signIn, verifiedAccount } from './support/newcomer';

const FAKE_STRIPE = process.env['PAWLINE_E2E_STRIPE'];

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

(FAKE_STRIPE ? describe : describe.skip)('subscription with Stripe (hosted Checkout, the fake Stripe)', () => {
  it("R1.22 an owner subscribes during the trial, continues to Stripe's page (setup mode), declines and comes back pending, then saves a card and lands on the plan page with Premium scheduled for the trial's end, nothing charged", async () => {
    const { page } = browser;
    const person = await verifiedAccount(page);
    await signIn(page, person);
    await page.getByTestId('welcome-dialog').waitFor();
    await page.getByTestId('welcome-close').click();
    const api = await apiSession(person.email, person.password);
    const { orgaId } = await salonOf(api);
    await api.call('PUT', `/orga/${orgaId}/billing/data`, {
      profile: {
        kind: 'private',
        first_name: 'Mario',
        last_name: 'Rossi',
        fiscal_code: 'RSSMRA85T10A562S',
        address: 'Via Po 1',
        city: 'Torino',
        zip_code: '10121',
        country: 'IT',
      },
    });

    await page.goto(`${productUrl()}/${orgaId}/payment`);
    await page.getByTestId('payment-page').waitFor();
    await page.getByTestId('choose-premium').click();
    await page.getByTestId('subscribe').click();
    const continueLink = page.getByRole('link', { name: 'Continue to secure payment' });
    await continueLink.waitFor();
    // no sandbox buttons for a Stripe payment
    expect(await page.getByTestId('payment-complete').count()).toBe(0);
    const href = (await continueLink.getAttribute('href')) ?? '';
    expect(href.startsWith(`${FAKE_STRIPE}/pay/cs_test_`)).toBe(true);

    // Stripe's page: declined → back on our payment page, still pending, the same link offered
    await continueLink.click();
    await page.getByRole('button', { name: 'Decline and go back' }).click();
    await page.waitForURL((url) => url.pathname === `/${orgaId}/payment` && url.searchParams.has('payment'));
    await page.getByTestId('payment-state').and(page.locator('[data-state="pending"]')).waitFor();
    expect(await page.getByRole('link', { name: 'Continue to secure payment' }).getAttribute('href')).toBe(href);
    expect((await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`)).tier).toBe(0);

    // a card saved on Stripe's page (setup mode) → Stripe's signed webhook → back on the plan page: Premium starts
    // when the trial ends, and its first invoice, from that day, waits to be charged then
    await page.getByRole('link', { name: 'Continue to secure payment' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === `/${orgaId}/adminV2/plan` && url.searchParams.has('payment'));
    await page.getByTestId('subscription-scheduled').waitFor();
    await page.getByTestId('payment-state').and(page.locator('[data-state="paid"]')).waitFor();
    expect(await api.call<Subscription>('GET', `/orga/${orgaId}/subscription`)).toMatchObject({
      tier: 0,
      state: 'free_trial',
      pending_payment_id: null,
      scheduled_start: { plan_id: 'premium' },
    });
    const invoices = (await api.call<{ v: { kind: string; status: string }[] }>('GET', `/orga/${orgaId}/invoices`)).v;
    expect(invoices).toEqual([expect.objectContaining({ kind: 'first', status: 'pending' })]);
  });
});
