/** @jest-environment jsdom */
import type { FakeGatewayAnswer, FakeGatewayRequest, RealtimeMessage } from '@pawline/api-client';
import { planChangeCents } from '@pawline/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  confirmPath,
  INVOICES_PATH,
  invoice,
  paidSubscription,
  PAYMENT_ID,
  payment,
  PLANS_PATH,
  SUBSCRIPTION_PATH,
  TEST_PLANS,
  trialSubscription,
} from '../testing/billing-fixtures';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import { euros } from './billing-form';
import type { Invoice, Subscription } from './billing-api';

type Gateway = { subscription: Subscription; invoices: Invoice[] };

function gateway(state: Gateway, extra?: (r: FakeGatewayRequest) => FakeGatewayAnswer | undefined) {
  return (r: FakeGatewayRequest): FakeGatewayAnswer | undefined => {
    const answered = extra?.(r);
    if (answered) return answered;
    if (r.method === 'GET' && r.path === PLANS_PATH) return { body: { v: { plans: TEST_PLANS, subscription: state.subscription } } };
    if (r.method === 'GET' && r.path === INVOICES_PATH) return { body: { v: state.invoices } };
    return undefined;
  };
}

const todayInRome = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });

describe('the Update plan page (/{orgaId}/adminV2/plan)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a free trial with its days left, a way to subscribe and no invoices yet (Italian)', async () => {
    mountOrgaSettings('', gateway({ subscription: trialSubscription({ remaining_days: 9 }), invoices: [] }), { at: 'plan' });
    expect(screen.getByText('Caricamento…')).toBeTruthy();
    const card = within(await screen.findByTestId('subscription-card'));
    expect(card.getByTestId('current-plan').textContent).toBe('Prova gratuita');
    expect(card.getByTestId('subscription-state').textContent).toBe('Prova gratuita');
    expect(card.getByTestId('subscription-when').textContent).toBe('9 giorni rimanenti di prova gratuita');
    expect(card.getByTestId('go-subscribe').getAttribute('href')).toBe(`/${TEST_ORGA}/payment`);
    expect(screen.queryByTestId('plan-cards')).toBeNull();
    expect(screen.getByText('Ancora nessuna fattura')).toBeTruthy();
  });

  it('shows an expired trial: the organization must subscribe to go on (German)', async () => {
    mountOrgaSettings(
      '',
      gateway({
        subscription: trialSubscription({ state: 'expired_trial', active: false, expiry_state: 0, remaining_days: -2 }),
        invoices: [],
      }),
      { at: 'plan', language: 'de' },
    );
    const card = within(await screen.findByTestId('subscription-card', {}, { timeout: 10_000 }));
    expect(card.getByTestId('subscription-state').textContent).toBe('Testphase abgelaufen');
    expect(card.getByTestId('subscription-when').textContent).toBe(
      'Ihre kostenlose Testphase ist beendet. Abonnieren Sie, um Pawline weiter zu nutzen.',
    );
    expect(card.getByTestId('go-subscribe').textContent).toBe('Abonnieren');
  }, 15_000);

  it('shows an active plan with the last day paid for (paid_through is the 1st at 00:00 in Rome) and monthly total (English)', async () => {
    mountOrgaSettings('', gateway({ subscription: paidSubscription({ store_count: 2, monthly_cents: 3900 }), invoices: [] }), {
      at: 'plan',
      language: 'en',
    });
    const card = within(await screen.findByTestId('subscription-card'));
    expect(card.getByTestId('current-plan').textContent).toBe('Standard');
    expect(card.getByTestId('subscription-state').textContent).toBe('Active');
    expect(card.getByTestId('subscription-when').textContent).toBe('Paid through November 30, 2026');
    expect(card.getByText('€ 39,00 a month plus VAT for 2 stores')).toBeTruthy();
    expect(card.queryByTestId('go-subscribe')).toBeNull();
    expect(within(screen.getByTestId('plan-standard')).getByTestId('choose-standard').hasAttribute('disabled')).toBe(true);
  });

  it('says a charge of the run did not go through and until when it is tried again, and a debit the bank is still processing (English)', async () => {
    const failed = { payment_id: PAYMENT_ID, invoice_id: PAYMENT_ID, amount_cents: 3538, failed_at: '2026-12-01T05:00:00.000Z' };
    const processing = { payment_id: PAYMENT_ID, invoice_id: PAYMENT_ID, amount_cents: 3538, since: '2026-12-02T05:00:00.000Z' };
    const state: Gateway = { subscription: paidSubscription({ last_failed_charge: failed }), invoices: [] };
    const { emit } = mountOrgaSettings('', gateway(state), { at: 'plan', language: 'en' });
    const card = within(await screen.findByTestId('subscription-card'));
    // paid through November 30 (the 1st at 00:00 in Rome); the 7 grace days end with December 7
    expect(card.getByTestId('charge-failed').textContent).toBe(
      'The payment of € 35,38 on December 1, 2026 did not go through. We will try again every day until December 7, 2026; after that, Premium ends.',
    );
    expect(card.queryByTestId('charge-processing')).toBeNull();
    state.subscription = paidSubscription({ last_failed_charge: failed, processing_charge: processing });
    // the next day's run debits again; the page reads the subscription anew on a realtime message
    act(() =>
      emit({ scope: 'subscription', channel: TEST_ORGA, store_id: null, data: 'standard', event: 'update', user: 'u2', device: 'dev-b' }),
    );
    await waitFor(() => expect(screen.queryByTestId('charge-processing')).not.toBeNull());
    expect(screen.getByTestId('charge-processing').textContent).toBe(
      'Your bank is processing the debit of € 35,38 from December 2, 2026. This can take up to 14 business days; Premium stays active meanwhile.',
    );
    expect(screen.getByTestId('charge-failed').textContent).toBe('The payment of € 35,38 on December 1, 2026 did not go through.');
  });

  it('a debit the bank refused after the grace days is tried again until the day billing gives (Italian)', async () => {
    // paid through November 30; the bank answered on December 12, so billing retries until December 19, 10:00
    const failed = {
      payment_id: PAYMENT_ID,
      invoice_id: PAYMENT_ID,
      amount_cents: 3538,
      failed_at: '2026-12-01T05:00:00.000Z',
      retries_until: '2026-12-19T10:00:00.000Z',
    };
    mountOrgaSettings('', gateway({ subscription: paidSubscription({ last_failed_charge: failed }), invoices: [] }), { at: 'plan' });
    const card = within(await screen.findByTestId('subscription-card'));
    expect(card.getByTestId('charge-failed').textContent).toBe(
      'Il pagamento di € 35,38 del 1 dicembre 2026 non è andato a buon fine. Riproveremo ogni giorno fino al 19 dicembre 2026; dopo, Premium termina.',
    );
  });

  it('pays a declined charge now on the payment page instead of waiting for the next retry (English)', async () => {
    const failed = { payment_id: PAYMENT_ID, invoice_id: PAYMENT_ID, amount_cents: 3538, failed_at: '2026-12-01T05:00:00.000Z' };
    const state: Gateway = { subscription: paidSubscription({ last_failed_charge: failed }), invoices: [] };
    const opened = '44444444-4444-4444-8444-444444444444';
    const requests: string[] = [];
    mountOrgaSettings(
      '',
      gateway(state, (r) => {
        if (r.method !== 'POST') return undefined;
        requests.push(r.path);
        if (r.path === `/api/v1/orga/${TEST_ORGA}/declined-charge/pay`) {
          state.subscription = paidSubscription({ last_failed_charge: failed, pending_payment_id: opened });
          return { body: { subscription: state.subscription, payment: payment({ id: opened, amount_cents: 3538, status: 'pending' }) } };
        }
        if (r.path === confirmPath(opened)) {
          state.subscription = paidSubscription({ paid_through: '2026-12-31T23:00:00.000Z' });
          return { body: { subscription: state.subscription, payment: payment({ id: opened, amount_cents: 3538, status: 'succeeded' }) } };
        }
        return undefined;
      }),
      { at: 'plan', language: 'en' },
    );
    fireEvent.click(await screen.findByTestId('charge-pay-now'));
    // the payment it opened, on the sandbox's payment panel; no second "pay now" while it is open
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('pending'));
    expect(screen.getByTestId('payment-state').textContent).toContain('€ 35,38');
    await waitFor(() => expect(screen.queryByTestId('charge-pay-now')).toBeNull());
    fireEvent.click(screen.getByTestId('payment-complete'));
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
    await waitFor(() => expect(screen.queryByTestId('charge-failed')).toBeNull());
    expect(requests).toEqual([`/api/v1/orga/${TEST_ORGA}/declined-charge/pay`, confirmPath(opened)]);
  });

  it('a lapsed plan shows no retry for its last declined charge, only the way to subscribe again (Italian)', async () => {
    const failed = { payment_id: PAYMENT_ID, invoice_id: PAYMENT_ID, amount_cents: 3538, failed_at: '2026-10-01T05:00:00.000Z' };
    mountOrgaSettings(
      '',
      gateway({
        subscription: paidSubscription({
          tier: 0,
          plan_id: 'free_trial',
          state: 'premium_expired',
          active: false,
          last_failed_charge: failed,
        }),
        invoices: [],
      }),
      { at: 'plan' },
    );
    const card = within(await screen.findByTestId('subscription-card'));
    expect(card.queryByTestId('charge-failed')).toBeNull();
    expect(card.getByTestId('go-subscribe').textContent).toBe('Abbonati');
  });

  it('shows an expired subscription with its date and a way to subscribe again', async () => {
    mountOrgaSettings(
      '',
      gateway({
        subscription: paidSubscription({ state: 'premium_expired', active: false, paid_through: '2026-10-31T23:00:00.000Z' }),
        invoices: [],
      }),
      { at: 'plan' },
    );
    const card = within(await screen.findByTestId('subscription-card'));
    expect(card.getByTestId('subscription-state').textContent).toBe('Scaduto');
    expect(card.getByTestId('subscription-when').textContent).toBe('Scaduto il 1 novembre 2026');
    expect(card.getByTestId('go-subscribe')).toBeTruthy();
  });

  it('R1.22 an upgrade says what is charged now for the days left, then the payment is completed', async () => {
    const state: Gateway = { subscription: paidSubscription(), invoices: [] };
    const { sent } = mountOrgaSettings(
      '',
      gateway(state, (r) => {
        if (r.method === 'POST' && r.path === SUBSCRIPTION_PATH) {
          state.subscription = paidSubscription({ pending_payment_id: PAYMENT_ID });
          return { body: { subscription: state.subscription, payment: payment({ amount_cents: 1300 }) } };
        }
        if (r.method === 'POST' && r.path === confirmPath(PAYMENT_ID)) {
          state.subscription = paidSubscription({ plan_id: 'premium', tier: 4, monthly_cents: 4900 });
          return { body: { subscription: state.subscription, payment: payment({ amount_cents: 1300, status: 'succeeded' }) } };
        }
        return undefined;
      }),
      { at: 'plan' },
    );
    await screen.findByTestId('plan-cards');
    fireEvent.click(screen.getByTestId('choose-premium'));
    const change = screen.getByTestId('plan-change-kind');
    expect(change.getAttribute('data-kind')).toBe('upgrade');
    // Standard €29.00 to Premium €49.00: the €20.00 difference for the days left this month (libs/domain)
    const now = euros(planChangeCents(2900, 4900, todayInRome()));
    expect(change.textContent).toBe(
      `Passa a Premium: ora vengono addebitati ${now} più IVA per i giorni rimanenti del mese, poi il nuovo prezzo dal 1°.`,
    );
    fireEvent.click(screen.getByTestId('confirm-plan-change'));
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('pending'));
    expect(sent.find((r) => r.method === 'POST' && r.path === SUBSCRIPTION_PATH)?.body).toEqual({ plan_id: 'premium' });
    fireEvent.click(screen.getByTestId('payment-complete'));
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
    await waitFor(() => expect(screen.getByTestId('current-plan').textContent).toBe('Premium'));
  });

  it('R1.22 a downgrade charges nothing now and starts on the 1st', async () => {
    const state: Gateway = { subscription: paidSubscription(), invoices: [] };
    const { sent } = mountOrgaSettings(
      '',
      gateway(state, (r) =>
        r.method === 'POST' && r.path === SUBSCRIPTION_PATH ? { body: { subscription: state.subscription, payment: null } } : undefined,
      ),
      { at: 'plan', language: 'fr' },
    );
    await screen.findByTestId('plan-cards');
    fireEvent.click(screen.getByTestId('choose-basic'));
    const change = screen.getByTestId('plan-change-kind');
    expect(change.getAttribute('data-kind')).toBe('downgrade');
    expect(change.textContent).toBe(
      "Passer à Basic : rien n'est facturé maintenant ; la nouvelle formule et son prix commencent le 1er du mois prochain.",
    );
    expect(screen.getByTestId('confirm-plan-change').textContent).toBe('Rétrograder au 1er');
    fireEvent.click(screen.getByTestId('confirm-plan-change'));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ plan_id: 'basic' });
    await waitFor(() => expect(screen.queryByTestId('plan-change')).toBeNull());
    expect(screen.queryByTestId('payment-state')).toBeNull();
  });

  it("back from Stripe's page (?payment=): pending until Stripe's webhook lands, then paid when the realtime message arrives (English)", async () => {
    const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_test_b2';
    const state: Gateway = {
      subscription: trialSubscription({ pending_payment_id: PAYMENT_ID, pending_payment_redirect_url: checkoutUrl }),
      invoices: [],
    };
    const { emit, router } = mountOrgaSettings('', gateway(state), { at: 'plan', language: 'en' });
    await act(() => router.navigate(`/${TEST_ORGA}/adminV2/plan?payment=${PAYMENT_ID}`));
    const pending = await screen.findByTestId('payment-state');
    expect(pending.getAttribute('data-state')).toBe('pending');
    expect(within(pending).getByRole('link', { name: 'Continue to secure payment' }).getAttribute('href')).toBe(checkoutUrl);
    state.subscription = paidSubscription({ plan_id: 'premium', tier: 4 });
    act(() =>
      emit({
        scope: 'subscription',
        channel: TEST_ORGA,
        store_id: null,
        data: 'premium',
        event: 'update',
        user: null,
        device: null,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
    expect(screen.getByTestId('payment-state').textContent).toBe('Payment received. Thank you!');
    expect(screen.queryByRole('link', { name: 'Continue to secure payment' })).toBeNull();
  });

  it('R4.21 follows a subscription changed elsewhere (realtime scope subscription, through the shell’s table)', async () => {
    const state: Gateway = { subscription: trialSubscription(), invoices: [] };
    const { emit } = mountOrgaSettings('', gateway(state), { at: 'plan' });
    await screen.findByTestId('subscription-card');
    state.subscription = paidSubscription({ plan_id: 'premium', tier: 4 });
    state.invoices = [invoice(1)];
    const message = (channel: string): RealtimeMessage => ({
      scope: 'subscription',
      channel,
      store_id: null,
      data: 'premium',
      event: 'update',
      user: 'u2',
      device: 'dev-b',
    });
    act(() => emit(message('another-orga')));
    expect(screen.getByTestId('current-plan').textContent).toBe('Prova gratuita');
    act(() => emit(message(TEST_ORGA)));
    await waitFor(() => expect(screen.getByTestId('current-plan').textContent).toBe('Premium'));
    expect(await screen.findByTestId('invoices-table')).toBeTruthy();
  });

  it('lists the invoices with a PDF each and the XML only where the server offers it', async () => {
    const italian = invoice(2, { kind: 'monthly', issued_at: '2026-12-01T08:00:00.000Z', gross_cents: 3538, status: 'pending' });
    const foreign = invoice(1, { e_invoice: false });
    const files: string[] = [];
    const createObjectURL = jest.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    const { sent } = mountOrgaSettings(
      '',
      gateway({ subscription: paidSubscription(), invoices: [italian, foreign] }, (r) =>
        r.path.startsWith(`/api/v1/orga/${TEST_ORGA}/invoice/`) ? { body: 'file' } : undefined,
      ),
      { at: 'plan' },
    );
    await screen.findByTestId('invoices-table');
    const newest = within(screen.getByTestId(`invoice-${italian.id}`));
    expect(newest.getByText('2026/2')).toBeTruthy();
    expect(newest.getByText('€ 35,38')).toBeTruthy();
    expect(newest.getByText('Mensile')).toBeTruthy();
    expect(newest.getByText('In attesa')).toBeTruthy();
    const older = within(screen.getByTestId(`invoice-${foreign.id}`));
    expect(older.getByText('Pagata')).toBeTruthy();
    expect(older.queryByTestId('invoice-xml')).toBeNull();
    fireEvent.click(newest.getByTestId('invoice-pdf'));
    fireEvent.click(newest.getByTestId('invoice-xml'));
    fireEvent.click(older.getByTestId('invoice-pdf'));
    await waitFor(() => expect(files).toHaveLength(3));
    expect(files.sort()).toEqual(['invoice-2026-1.pdf', 'invoice-2026-2.pdf', 'invoice-2026-2.xml']);
    expect(
      sent
        .filter((r) => r.path.includes('/invoice/'))
        .map((r) => r.path.split('/').slice(-2).join('/'))
        .sort(),
    ).toEqual([`${foreign.id}/pdf`, `${italian.id}/pdf`, `${italian.id}/xml`]);
  });

  it("shows each e-invoice's way to the SdI: delivered, in the buyer's reserved area, rejected with the SdI's codes, and the date in Italy (English)", async () => {
    const status = (
      state: 'delivered' | 'not_deliverable' | 'rejected',
      receipts: NonNullable<Invoice['e_invoice_status']>['receipts'],
    ) => ({
      state,
      file_name: 'IT00905811006_7.xml',
      receipts,
    });
    const at = '2027-01-01T08:00:00.000Z';
    const delivered = invoice(3, {
      issued_at: '2026-12-31T23:30:00.000Z',
      issued_on: '2027-01-01',
      e_invoice_status: status('delivered', [{ type: 'RC', at, errors: [] }]),
    });
    const reserved = invoice(2, { e_invoice_status: status('not_deliverable', [{ type: 'MC', at, errors: [] }]) });
    const rejected = invoice(1, {
      e_invoice_status: status('rejected', [
        {
          type: 'NS',
          at,
          errors: [
            { code: '00404', description: 'Fattura duplicata' },
            { code: '00423', description: 'x' },
          ],
        },
      ]),
    });
    mountOrgaSettings('', gateway({ subscription: paidSubscription(), invoices: [delivered, reserved, rejected] }), {
      at: 'plan',
      language: 'en',
    });
    await screen.findByTestId('invoices-table');
    const sdi = (id: string) => within(screen.getByTestId(`invoice-${id}`)).getByTestId('invoice-sdi');
    expect(sdi(delivered.id).textContent).toBe('Delivered');
    expect(sdi(reserved.id).textContent).toBe('In your tax reserved area');
    expect(sdi(rejected.id).textContent).toBe('Rejected by the SdI (00404, 00423)');
    // issued at 23:30 UTC on December 31st: January 1st in Italy, as on the invoice
    expect(within(screen.getByTestId(`invoice-${delivered.id}`)).getByText('January 1, 2027')).toBeTruthy();
  });

  it('R1.02 a plan chosen during the trial shows when it starts and what is charged then, with no second way to subscribe (Italian)', async () => {
    const scheduled = { plan_id: 'premium' as const, starts_at: '2026-12-20T23:00:00.000Z', amount_cents: 4253 };
    mountOrgaSettings('', gateway({ subscription: trialSubscription({ scheduled_start: scheduled }), invoices: [] }), { at: 'plan' });
    const card = within(await screen.findByTestId('subscription-card'));
    expect(card.getByTestId('subscription-scheduled').textContent).toBe(
      'Premium inizia il 21 dicembre 2026, alla fine della prova gratuita; allora verranno addebitati € 42,53.',
    );
    expect(card.queryByTestId('go-subscribe')).toBeNull();
  });

  it('says when the page cannot be loaded and tries again', async () => {
    let fail = true;
    mountOrgaSettings(
      '',
      (r) =>
        r.path === INVOICES_PATH && fail
          ? { status: 403, body: { code: 'forbidden', message: 'Non hai i permessi necessari' } }
          : gateway({ subscription: trialSubscription(), invoices: [] })(r),
      { at: 'plan' },
    );
    expect(await screen.findByText('Non hai i permessi necessari')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByTestId('plan-page')).toBeTruthy();
  });
});
