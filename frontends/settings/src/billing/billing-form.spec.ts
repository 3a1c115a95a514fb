import { TEST_PLANS } from '../testing/billing-fixtures';
import {
  billingBodyOf,
  billingFieldErrors,
  billingFormOf,
  checkBillingForm,
  euros,
  planChangeKind,
  planChangeOffer,
  purchasablePlans,
  salonPlanCost,
  todayInRome,
  type BillingForm,
} from './billing-form';
import type { BillingPlan } from './billing-api';

const company = (extra: Partial<BillingForm> = {}): BillingForm => ({
  ...billingFormOf(null),
  legal_name: 'Toelettatura Fido srl',
  vat: 'IT00159560366',
  address: 'Via Roma 1',
  city: 'Milano',
  zip_code: '20100',
  country: 'IT',
  ...extra,
});

const plan = (id: BillingPlan['id'], tier: number, monthly: number | null, purchasable = true): BillingPlan => ({
  id,
  tier,
  monthly_cents: monthly,
  purchasable,
  features: [],
  quotas: { users: null, stores: 1, tags: null, attachments: null, pet_images: 4, monthly_reminders: 0 },
});

describe('the billing data form', () => {
  it('accepts an Italian company with a valid VAT number and sends it with empty values null', () => {
    expect(checkBillingForm(company())).toEqual({});
    expect(billingBodyOf(company({ pec: '  ', codice_destinatario: 'abc1234' }))).toEqual({
      profile: {
        kind: 'company',
        legal_name: 'Toelettatura Fido srl',
        vat: 'IT00159560366',
        fiscal_code: null,
        pec: null,
        codice_destinatario: 'abc1234',
        address: 'Via Roma 1',
        city: 'Milano',
        zip_code: '20100',
        country: 'IT',
        province: null,
        language: null,
      },
    });
  });

  it('R5.06 shows the invalid VAT message under the VAT number', () => {
    expect(checkBillingForm(company({ vat: '00159560367' }))).toEqual({ vat: 'validation.invalidVat' });
    expect(checkBillingForm(company({ vat: 'DE00159560366' }))).toEqual({ vat: 'validation.invalidVat' });
  });

  it('R5.07 shows the recipient code message unless it is 7 letters or digits', () => {
    expect(checkBillingForm(company({ codice_destinatario: 'ABC12' }))).toEqual({ codice_destinatario: 'validation.invalidRecipientCode' });
    expect(checkBillingForm(company({ codice_destinatario: 'ABC-123' }))).toEqual({
      codice_destinatario: 'validation.invalidRecipientCode',
    });
    expect(checkBillingForm(company({ codice_destinatario: 'm5uxcr1' }))).toEqual({});
  });

  it('R5.08 shows the invalid fiscal code message under the fiscal code', () => {
    expect(checkBillingForm(company({ vat: '', fiscal_code: 'RSSMRA85T10A562T' }))).toEqual({
      fiscal_code: 'validation.invalidFiscalCode',
    });
    expect(checkBillingForm(company({ vat: '', fiscal_code: 'rssmra85t10a562s' }))).toEqual({});
  });

  it('R5.09 asks for a VAT number or a fiscal code when both are missing (result 2)', () => {
    expect(checkBillingForm(company({ vat: ' ', fiscal_code: '' }))).toEqual({ vat: 'validation.vatOrFiscalCodeRequired' });
  });

  it('checks a private person by name and fiscal code, and a profile of another country without the Italian checks', () => {
    const person: BillingForm = { ...company(), kind: 'private', first_name: 'Ada', last_name: '', fiscal_code: 'RSSMRA85T10A562S' };
    expect(checkBillingForm(person)).toEqual({ last_name: 'validation.required' });
    expect(billingBodyOf({ ...person, last_name: 'Rossi' }).profile).toEqual({
      kind: 'private',
      first_name: 'Ada',
      last_name: 'Rossi',
      fiscal_code: 'RSSMRA85T10A562S',
      address: 'Via Roma 1',
      city: 'Milano',
      zip_code: '20100',
      country: 'IT',
      province: null,
      language: null,
    });
    expect(checkBillingForm(company({ country: 'DE', vat: 'DE123456789' }))).toEqual({});
  });

  it('requires the legal name and address, and a PEC that is an e-mail address', () => {
    expect(checkBillingForm(company({ legal_name: ' ', city: '', pec: 'not-mail' }))).toEqual({
      legal_name: 'validation.required',
      city: 'validation.required',
      pec: 'validation.invalidEmail',
    });
  });
});

describe('plans on the billing screens', () => {
  const plans = [plan('premium', 4, 4900), plan('free_trial', 0, 0, false), plan('basic', 2, 1900), plan('customized', 5, null, false)];

  it('offers the plans that can be bought, cheapest first, priced from integer cents', () => {
    expect(purchasablePlans(plans).map((p) => p.id)).toEqual(['basic', 'premium']);
    expect(euros(4900)).toBe('€ 49,00');
    expect(euros(1234)).toBe('€ 12,34');
  });

  it('calls a dearer plan an upgrade (charged now) and a cheaper one a downgrade (from the 1st)', () => {
    expect(planChangeKind(plans[2], plans[0])).toBe('upgrade');
    expect(planChangeKind(plans[0], plans[2])).toBe('downgrade');
    expect(planChangeKind(plans[0], plans[0])).toBe('same');
  });

  it('R1.22 prices an upgrade by the difference for the days left in the month, and a downgrade at nothing now', () => {
    // Basic €19.00 to Premium €49.00 on 16 November (30 days, 15 left counting the 16th): €30.00 × 15/30
    expect(planChangeOffer(plans[2], plans[0], '2026-11-16')).toEqual({ kind: 'upgrade', chargedNowCents: 1500 });
    expect(planChangeOffer(plans[0], plans[2], '2026-11-16')).toEqual({ kind: 'downgrade', chargedNowCents: 0 });
    // the seller's calendar: 23:30 UTC on 30 November is already 1 December in Rome
    expect(todayInRome(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
  });

  it('says before sending what an Italian e-invoice cannot be written from, and takes a company fiscal code of 11 digits', () => {
    expect(checkBillingForm(company({ legal_name: '🐶🐾', zip_code: '2010', province: 'MIL' }))).toEqual({
      legal_name: 'validation.notLatinText',
      zip_code: 'validation.invalidZip',
      province: 'validation.invalidProvince',
    });
    expect(checkBillingForm(company({ vat: '', fiscal_code: '00488410010' }))).toEqual({});
    expect(billingBodyOf(company({ province: 'mo', language: 'de' })).profile).toMatchObject({ province: 'MO', language: 'de' });
  });

  it("maps the server's field names (the body's path, profile.address) onto the form's", () => {
    expect(billingFieldErrors({ 'profile.address': 'validation.required', vat: 'validation.invalidVat' })).toEqual({
      address: 'validation.required',
      vat: 'validation.invalidVat',
    });
  });

  it('R9.02 costs a plan for the salon: €10.00 a month for each store beyond the plan', () => {
    const standard = TEST_PLANS.find((plan) => plan.id === 'standard');
    expect(standard && salonPlanCost(standard, 1)).toEqual({ extra: 0, extraCents: 1000, monthlyCents: 2900 });
    expect(standard && salonPlanCost(standard, 3)).toEqual({ extra: 2, extraCents: 1000, monthlyCents: 4900 });
  });
});
