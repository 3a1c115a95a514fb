/** @jest-environment jsdom */
import type { FakeGatewayAnswer, FakeGatewayRequest } from '@pawline/api-client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BILLING_DATA_PATH,
  companyProfile,
  confirmPath,
  expiredTrial,
  paidSubscription,
  PAYMENT_ID,
  payment,
  PLANS_PATH,
  SUBSCRIPTION_PATH,
  TEST_PLANS,
  trialSubscription,
} from '../testing/billing-fixtures';
import { mountOrgaSettings, TEST_ORGA } from '../testing/mount-orga-settings';
import type { BillingProfile, Subscription } from './billing-api';

type Gateway = { subscription: Subscription; profile: BillingProfile | null };

/** The billing routes the page calls, over state the test's writes change. */
function gateway(state: Gateway, extra?: (r: FakeGatewayRequest) => FakeGatewayAnswer | undefined) {
  return (r: FakeGatewayRequest): FakeGatewayAnswer | undefined => {
    const answered = extra?.(r);
    if (answered) return answered;
    if (r.method === 'GET' && r.path === PLANS_PATH) return { body: { v: { plans: TEST_PLANS, subscription: state.subscription } } };
    if (r.method === 'GET' && r.path === BILLING_DATA_PATH) return { body: { v: state.profile } };
    return undefined;
  };
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

function fillCompany() {
  type('legal_name', 'Toelettatura Fido srl');
  type('vat', 'IT00159560366');
  type('codice_destinatario', 'm5uxcr1');
  type('address', 'Via Roma 1');
  type('city', 'Milano');
  type('zip_code', '20100');
}

describe('the Subscribe page (/{orgaId}/payment)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the plans that can be bought with their price a month and what each includes (Italian)', async () => {
    mountOrgaSettings('', gateway({ subscription: trialSubscription(), profile: null }), { at: 'payment' });
    expect(screen.getByText('Caricamento…')).toBeTruthy();
    await screen.findByTestId('payment-page');
    const cards = screen.getAllByTestId(/^plan-(basic|standard|premium|free_trial|free_plan|customized)$/);
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual(['plan-basic', 'plan-standard', 'plan-premium']);
    const premium = within(screen.getByTestId('plan-premium'));
    expect(premium.getByTestId('plan-price').textContent).toBe('€ 49,00 al mese più IVA');
    expect(premium.getByText('Prenotazione online')).toBeTruthy();
    expect(premium.getByText('500 promemoria WhatsApp al mese')).toBeTruthy();
    expect(within(screen.getByTestId('plan-basic')).getByTestId('plan-price').textContent).toBe('€ 19,00 al mese più IVA');
    expect(within(screen.getByTestId('plan-basic')).queryByText('Prenotazione online')).toBeNull();
    // no billing data yet: subscribing waits for them
    expect(screen.getByText('Salva prima i dati di fatturazione.')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('subscribe').disabled).toBe(true);
  });

  it('R5.06 R5.07 R5.08 shows the Italian checks under their fields before sending, and sends nothing', async () => {
    const { sent } = mountOrgaSettings('', gateway({ subscription: trialSubscription(), profile: null }), { at: 'payment' });
    await screen.findByTestId('payment-page');
    fillCompany();
    type('vat', '00159560367');
    type('codice_destinatario', 'ABC12');
    fireEvent.click(screen.getByTestId('save-billing-data'));
    expect(await screen.findByText('Partita IVA non valida')).toBeTruthy();
    type('vat', '');
    type('fiscal_code', 'RSSMRA85T10A562T');
    fireEvent.click(screen.getByTestId('save-billing-data'));
    expect(await screen.findByText('Codice fiscale non valido')).toBeTruthy();
    type('fiscal_code', 'RSSMRA85T10A562S');
    fireEvent.click(screen.getByTestId('save-billing-data'));
    expect(await screen.findByText('Il codice destinatario deve avere 7 lettere o cifre')).toBeTruthy();
    type('fiscal_code', '');
    type('codice_destinatario', 'M5UXCR1');
    fireEvent.click(screen.getByTestId('save-billing-data'));
    expect(await screen.findByText('Inserisci una partita IVA o un codice fiscale')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's 400 field message under its field (English)", async () => {
    const { bridge } = mountOrgaSettings(
      '',
      gateway({ subscription: trialSubscription(), profile: null }, (r) =>
        r.method === 'PUT' && r.path === BILLING_DATA_PATH
          ? {
              status: 400,
              body: { code: 'validation_failed', message: 'Some fields are not valid.', fields: { vat: 'validation.invalidVat' } },
            }
          : undefined,
      ),
      { at: 'payment', language: 'en' },
    );
    await screen.findByTestId('payment-page');
    fillCompany();
    fireEvent.click(screen.getByTestId('save-billing-data'));
    expect(await screen.findByText('Invalid VAT number')).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(0, 'Some fields are not valid.');
  });

  it('R1.23 saves Company billing data, then subscribes to Premium and completes the sandbox payment (after the trial)', async () => {
    const state: Gateway = { subscription: expiredTrial(), profile: null };
    const { sent, bridge } = mountOrgaSettings(
      '',
      gateway(state, (r) => {
        if (r.method === 'PUT' && r.path === BILLING_DATA_PATH) {
          state.profile = companyProfile();
          return { body: state.profile };
        }
        if (r.method === 'POST' && r.path === SUBSCRIPTION_PATH) {
          state.subscription = expiredTrial({ pending_payment_id: PAYMENT_ID });
          return { body: { subscription: state.subscription, payment: payment() } };
        }
        if (r.method === 'POST' && r.path === confirmPath(PAYMENT_ID)) {
          state.subscription = expiredTrial({ plan_id: 'premium', tier: 4, state: 'premium_active', pending_payment_id: null });
          return { body: { subscription: state.subscription, payment: payment({ status: 'succeeded' }) } };
        }
        return undefined;
      }),
      { at: 'payment' },
    );
    await screen.findByTestId('payment-page');
    fillCompany();
    fireEvent.click(screen.getByTestId('save-billing-data'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'I dati di fatturazione sono stati salvati.'));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      profile: {
        kind: 'company',
        legal_name: 'Toelettatura Fido srl',
        vat: 'IT00159560366',
        fiscal_code: null,
        pec: null,
        codice_destinatario: 'm5uxcr1',
        address: 'Via Roma 1',
        city: 'Milano',
        zip_code: '20100',
        country: 'IT',
        province: null,
        language: null,
      },
    });
    // the form shows what the server stored (normalized)
    await waitFor(() => expect(input('codice_destinatario').value).toBe('M5UXCR1'));

    fireEvent.click(screen.getByTestId('choose-premium'));
    expect(screen.getByTestId('subscribe-summary').textContent).toContain('Premium: € 49,00 al mese più IVA');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('subscribe').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('subscribe'));
    const pending = await screen.findByTestId('payment-state');
    expect(pending.getAttribute('data-state')).toBe('pending');
    expect(pending.textContent).toContain('Pagamento di € 21,30 in attesa');
    expect(sent.find((r) => r.method === 'POST' && r.path === SUBSCRIPTION_PATH)?.body).toEqual({ plan_id: 'premium' });

    // the sandbox's own buttons, not a provider's hosted page
    expect(screen.queryByTestId('payment-continue')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-complete'));
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
    expect(screen.getByTestId('payment-state').textContent).toBe('Pagato € 21,30. Grazie!');
    expect(sent.find((r) => r.path === confirmPath(PAYMENT_ID))?.body).toEqual({ outcome: 'succeeded' });
    // the plans are read again: the organization now has Premium
    expect(await screen.findByTestId('already-subscribed')).toBeTruthy();
  });

  it("with Stripe, the pending checkout sends the person on to Stripe's secure page instead of the sandbox buttons, also when they come back unpaid", async () => {
    const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_test_a1';
    const state: Gateway = { subscription: trialSubscription(), profile: companyProfile() };
    const { router } = mountOrgaSettings(
      '',
      gateway(state, (r) => {
        if (r.method === 'POST' && r.path === SUBSCRIPTION_PATH) {
          state.subscription = trialSubscription({ pending_payment_id: PAYMENT_ID, pending_payment_redirect_url: checkoutUrl });
          return { body: { subscription: state.subscription, payment: payment({ provider: 'stripe', redirect_url: checkoutUrl }) } };
        }
        return undefined;
      }),
      { at: 'payment' },
    );
    await screen.findByTestId('payment-page');
    fireEvent.click(screen.getByTestId('choose-premium'));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('subscribe').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('subscribe'));
    const pending = await screen.findByTestId('payment-state');
    expect(pending.getAttribute('data-state')).toBe('pending');
    expect(pending.textContent).toContain('Pagamento di € 21,30 in attesa');
    const link = within(pending).getByRole('link', { name: 'Continua al pagamento sicuro' });
    expect(link.getAttribute('href')).toBe(checkoutUrl);
    expect(screen.queryByTestId('payment-complete')).toBeNull();
    expect(screen.queryByTestId('payment-fail')).toBeNull();

    // back from Stripe's page without paying (cancel_url): still pending, the same page to pay on
    await act(() => router.navigate(`/${TEST_ORGA}/payment?payment=${PAYMENT_ID}`));
    const again = await screen.findByTestId('payment-state');
    expect(again.getAttribute('data-state')).toBe('pending');
    expect(within(again).getByRole('link', { name: 'Continua al pagamento sicuro' }).getAttribute('href')).toBe(checkoutUrl);
  });

  it('shows a failed payment when the person fails it, and a checkout still open when the page loads', async () => {
    const state: Gateway = { subscription: expiredTrial({ pending_payment_id: PAYMENT_ID }), profile: companyProfile() };
    const { sent } = mountOrgaSettings(
      '',
      gateway(state, (r) =>
        r.method === 'POST' && r.path === confirmPath(PAYMENT_ID)
          ? { body: { subscription: expiredTrial(), payment: payment({ status: 'failed' }) } }
          : undefined,
      ),
      { at: 'payment' },
    );
    const pending = await screen.findByTestId('payment-state');
    expect(pending.getAttribute('data-state')).toBe('pending');
    expect(pending.textContent).toContain('Pagamento in attesa');
    fireEvent.click(screen.getByTestId('payment-fail'));
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('payment-state').textContent).toContain('Il pagamento non è riuscito.');
    expect(sent.find((r) => r.path === confirmPath(PAYMENT_ID))?.body).toEqual({ outcome: 'failed' });
  });

  it('an organization that already pays is told what a change costs today, and where its plan page is', async () => {
    mountOrgaSettings('', gateway({ subscription: paidSubscription(), profile: companyProfile() }), { at: 'payment' });
    expect((await screen.findByTestId('already-subscribed')).textContent).toContain('La tua organizzazione ha già il piano Standard.');
    expect(screen.getByTestId('choose-standard').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('choose-basic'));
    expect(screen.getByTestId('plan-change-kind').getAttribute('data-kind')).toBe('downgrade');
    fireEvent.click(screen.getByTestId('choose-premium'));
    expect(screen.getByTestId('plan-change-kind').getAttribute('data-kind')).toBe('upgrade');
  });

  it('R1.23 saves a private person by first and last name', async () => {
    const { sent } = mountOrgaSettings(
      '',
      gateway({ subscription: trialSubscription(), profile: null }, (r) =>
        r.method === 'PUT'
          ? { body: companyProfile({ kind: 'private', legal_name: null, first_name: 'Ada', last_name: 'Rossi' }) }
          : undefined,
      ),
      { at: 'payment', language: 'fr' },
    );
    await screen.findByTestId('payment-page');
    fireEvent.change(input('kind'), { target: { value: 'private' } });
    expect(input('legal_name')).toBeNull();
    type('first_name', 'Ada');
    type('address', '1 rue de Paris');
    type('city', 'Paris');
    type('zip_code', '75001');
    fireEvent.change(input('country'), { target: { value: 'FR' } });
    fireEvent.click(screen.getByTestId('save-billing-data'));
    expect(await screen.findByText('Obligatoire')).toBeTruthy();
    type('last_name', 'Rossi');
    fireEvent.click(screen.getByTestId('save-billing-data'));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      profile: {
        kind: 'private',
        first_name: 'Ada',
        last_name: 'Rossi',
        fiscal_code: null,
        address: '1 rue de Paris',
        city: 'Paris',
        zip_code: '75001',
        country: 'FR',
        province: null,
        language: null,
      },
    });
  });

  it('R1.02 during the free trial: subscribing says nothing is charged before it ends, the sandbox confirms the method, and the plan is scheduled (English)', async () => {
    const state: Gateway = { subscription: trialSubscription({ store_count: 3 }), profile: companyProfile() };
    const scheduled = { plan_id: 'premium' as const, starts_at: '2026-12-20T23:00:00.000Z', amount_cents: 4253 };
    const { sent } = mountOrgaSettings(
      '',
      gateway(state, (r) => {
        if (r.method === 'POST' && r.path === SUBSCRIPTION_PATH) {
          state.subscription = trialSubscription({ store_count: 3, pending_payment_id: PAYMENT_ID });
          return { body: { subscription: state.subscription, payment: payment({ purpose: 'setup', amount_cents: 4253 }) } };
        }
        if (r.method === 'POST' && r.path === confirmPath(PAYMENT_ID)) {
          state.subscription = trialSubscription({ store_count: 3, scheduled_start: scheduled });
          return { body: { subscription: state.subscription, payment: payment({ purpose: 'setup', status: 'succeeded' }) } };
        }
        return undefined;
      }),
      { at: 'payment', language: 'en' },
    );
    await screen.findByTestId('payment-page');
    // R9.02 the cards show the salon's stores and what each further store costs
    const premium = within(screen.getByTestId('plan-premium'));
    expect(premium.getByTestId('plan-salon-cost').textContent).toBe('With your 3 stores (2 extra): € 69,00 a month plus VAT');
    expect(premium.getByTestId('plan-extra-store-price').textContent).toBe('Each further store: € 10,00 a month plus VAT');
    fireEvent.click(screen.getByTestId('choose-premium'));
    expect(screen.getByTestId('subscribe-summary-text').textContent).toBe(
      'Premium: € 49,00 a month plus VAT from the end of your free trial; nothing is charged before.',
    );
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('subscribe').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('subscribe'));
    const pending = await screen.findByTestId('payment-state');
    expect(within(pending).getByTestId('payment-pending-text').textContent).toBe(
      'Confirm your payment method: nothing is charged now; the first payment is taken when your free trial ends.',
    );
    fireEvent.click(screen.getByTestId('payment-complete'));
    await waitFor(() => expect(screen.getByTestId('payment-state').getAttribute('data-state')).toBe('paid'));
    expect(screen.getByTestId('payment-state').textContent).toBe(
      'Payment method saved. Nothing has been charged: your plan starts when your free trial ends.',
    );
    expect(sent.find((r) => r.path === confirmPath(PAYMENT_ID))?.body).toEqual({ outcome: 'succeeded' });
  });

  it('says when the plans cannot be loaded and tries again', async () => {
    let fail = true;
    mountOrgaSettings(
      '',
      (r) => {
        if (r.path === PLANS_PATH && fail) return { status: 503, body: { code: 'unavailable', message: 'Servizio non disponibile' } };
        return gateway({ subscription: trialSubscription(), profile: null })(r);
      },
      { at: 'payment' },
    );
    expect(await screen.findByText('Servizio non disponibile')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByTestId('payment-page')).toBeTruthy();
  });
});
