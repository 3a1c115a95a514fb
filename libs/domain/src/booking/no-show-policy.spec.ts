import { bookingClosedTo, depositAsked, depositCents, noShowPolicyProblems, policyTextFor, type NoShowPolicyRules } from './no-show-policy';
import type { NoShowRisk } from './no-show-risk';

const policy = (change: Partial<NoShowPolicyRules> = {}): NoShowPolicyRules => ({
  protection: 'deposit',
  deposit_kind: 'fixed',
  deposit_amount: 1500,
  deposit_percent: 20,
  late_cancellation_fee: 0,
  no_show_fee: 0,
  card_required_for: 'risky_customers',
  close_after_no_shows: null,
  ...change,
});
const risk = (level: NoShowRisk['level'], newCustomer = false): NoShowRisk => ({ level, reasons: [], new_customer: newCustomer });

describe("issue 30 a store's no-show policy", () => {
  it('holds together: a fixed deposit needs an amount, a fee needs a deposit or a card to come from', () => {
    expect(noShowPolicyProblems(policy())).toEqual({});
    expect(noShowPolicyProblems(policy({ deposit_amount: 0 }))).toEqual({ deposit_amount: 'validation.depositAmountRequired' });
    expect(noShowPolicyProblems(policy({ deposit_amount: 0, deposit_kind: 'percent' }))).toEqual({});
    expect(noShowPolicyProblems(policy({ protection: 'none', deposit_amount: 0, no_show_fee: 2000, late_cancellation_fee: 1000 }))).toEqual(
      {
        late_cancellation_fee: 'validation.feeNeedsCard',
        no_show_fee: 'validation.feeNeedsCard',
      },
    );
    expect(noShowPolicyProblems(policy({ protection: 'card_hold', deposit_amount: 0, no_show_fee: 2000 }))).toEqual({});
  });

  it("answers the salon's text in the customer's language, else English, else any it wrote, else nothing", () => {
    expect(policyTextFor({ en: 'Please call us', de: 'Bitte rufen Sie uns an' }, 'de')).toBe('Bitte rufen Sie uns an');
    expect(policyTextFor({ en: 'Please call us', de: '  ' }, 'de')).toBe('Please call us');
    expect(policyTextFor({ fr: 'Appelez-nous' }, 'it')).toBe('Appelez-nous');
    expect(policyTextFor({}, 'it')).toBeNull();
  });

  it('closes online booking when the no-shows reach the number, never without one', () => {
    expect(bookingClosedTo(2, 2)).toBe(true);
    expect(bookingClosedTo(3, 2)).toBe(true);
    expect(bookingClosedTo(1, 2)).toBe(false);
    expect(bookingClosedTo(50, null)).toBe(false);
  });

  it("asks a deposit by the policy's who, and staff's choice on the customer wins", () => {
    expect(depositAsked(policy(), risk('risky'), 'automatic')).toBe(true);
    expect(depositAsked(policy(), risk('watch'), 'automatic')).toBe(false);
    expect(depositAsked(policy(), risk('risky'), 'never')).toBe(false);
    expect(depositAsked(policy(), risk('none'), 'always')).toBe(true);
    expect(depositAsked(policy({ card_required_for: 'new_customers' }), risk('none', true), 'automatic')).toBe(true);
    expect(depositAsked(policy({ card_required_for: 'new_customers' }), risk('none'), 'automatic')).toBe(false);
    expect(depositAsked(policy({ card_required_for: 'everyone' }), risk('none'), 'automatic')).toBe(true);
    expect(depositAsked(policy({ protection: 'none' }), risk('risky'), 'always')).toBe(false);
  });

  it('a deposit is the fixed amount or the share of the estimated price, half a cent up', () => {
    expect(depositCents(policy(), 6000)).toBe(1500);
    expect(depositCents(policy({ deposit_kind: 'percent', deposit_percent: 20 }), 4550)).toBe(910);
    expect(depositCents(policy({ deposit_kind: 'percent', deposit_percent: 15 }), 4550)).toBe(683);
    expect(depositCents(policy({ protection: 'card_hold' }), 6000)).toBe(0);
  });
});
