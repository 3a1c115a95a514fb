import type { NoShowPolicy } from '../api/booking-api';
import { policyFormOf, policyFromForm } from './policy-form';

const POLICY: NoShowPolicy = {
  orga_id: '22222222-2222-4222-8222-222222222222',
  store_id: '33333333-3333-4333-8333-333333333333',
  protection: 'deposit',
  deposit_kind: 'fixed',
  deposit_amount: 1500,
  deposit_percent: 20,
  cancellation_window_hours: 24,
  late_cancellation_fee: 1000,
  no_show_fee: 2500,
  card_required_for: 'risky_customers',
  close_after_no_shows: 3,
  closed_message: { it: 'Chiamaci per prenotare.' },
  widget_text: {},
  confirmation_text: {},
  updated_by: null,
  updated_at: null,
};

describe('the no-show policy form', () => {
  it('shows amounts as the salon types them and gives back the same policy', () => {
    const form = policyFormOf(POLICY);
    expect(form).toMatchObject({ deposit_amount: '15,00', no_show_fee: '25,00', close_online_booking: true, close_after_no_shows: '3' });
    expect(form.texts.closed_message).toEqual({ en: '', it: 'Chiamaci per prenotare.', de: '', fr: '' });
    const { orga_id: _o, store_id: _s, updated_by: _b, updated_at: _a, ...fields } = POLICY;
    expect(policyFromForm(form)).toEqual({ policy: fields, problems: {} });
  });

  it('reads "12,50" and "12.5" as 1250 cents, an empty fee as none, and leaves out empty texts', () => {
    const form = { ...policyFormOf(POLICY), deposit_amount: '12.5', late_cancellation_fee: '', no_show_fee: '12,50' };
    form.texts.widget_text.de = '  ';
    form.texts.widget_text.fr = ' Acompte demandé. ';
    expect(policyFromForm(form).policy).toMatchObject({
      deposit_amount: 1250,
      late_cancellation_fee: 0,
      no_show_fee: 1250,
      widget_text: { fr: 'Acompte demandé.' },
    });
  });

  it('names each field that is wrong, the contradictions included, and saves nothing', () => {
    const form = {
      ...policyFormOf(POLICY),
      protection: 'none' as const,
      deposit_percent: '0',
      cancellation_window_hours: '400',
      close_after_no_shows: '0',
      deposit_amount: 'abc',
    };
    expect(policyFromForm(form)).toEqual({
      policy: null,
      problems: {
        deposit_amount: { key: 'booking-setup.amountInvalid' },
        deposit_percent: { key: 'booking-setup.numberBetween', values: { min: 1, max: 100 } },
        cancellation_window_hours: { key: 'booking-setup.numberBetween', values: { min: 0, max: 336 } },
        close_after_no_shows: { key: 'booking-setup.numberBetween', values: { min: 1, max: 20 } },
        late_cancellation_fee: { key: 'validation.feeNeedsCard' },
        no_show_fee: { key: 'validation.feeNeedsCard' },
      },
    });
  });

  it('without closing online booking the number is not asked for', () => {
    const form = { ...policyFormOf(POLICY), close_online_booking: false, close_after_no_shows: 'x' };
    expect(policyFromForm(form).policy?.close_after_no_shows).toBeNull();
  });
});
