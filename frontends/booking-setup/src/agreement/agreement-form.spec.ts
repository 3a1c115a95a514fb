import type { StoreAgreement } from '@pawline/contracts';
import { agreementFormOf, agreementProblem, agreementTexts } from './agreement-form';

const current: StoreAgreement = {
  store_id: '33333333-3333-4333-8333-333333333333',
  version: 2,
  texts: { en: 'Pets must be vaccinated.', it: 'Gli animali devono essere vaccinati.' },
  published_at: '2026-12-01T10:00:00.000Z',
  published_by: null,
};

describe('agreement form (issue 31)', () => {
  it('starts from the current texts, every language present', () => {
    expect(agreementFormOf(current)).toEqual({
      en: 'Pets must be vaccinated.',
      it: 'Gli animali devono essere vaccinati.',
      de: '',
      fr: '',
    });
    expect(agreementFormOf(null)).toEqual({ en: '', it: '', de: '', fr: '' });
  });

  it('refuses no text at all, a text too long and the same words as the current version', () => {
    expect(agreementProblem({ en: ' ', it: '', de: '', fr: '' }, null)).toBe('booking-setup.agreementEmpty');
    expect(agreementProblem({ en: 'x'.repeat(20_001), it: '', de: '', fr: '' }, null)).toBe('booking-setup.agreementTooLong');
    expect(agreementProblem({ ...agreementFormOf(current), en: 'Pets must be vaccinated. ' }, current)).toBe(
      'booking-setup.agreementUnchanged',
    );
    expect(agreementProblem({ ...agreementFormOf(current), de: 'Tiere müssen geimpft sein.' }, current)).toBeNull();
  });

  it('publishes the languages with a text only, trimmed', () => {
    expect(agreementTexts({ en: ' Vaccinated. ', it: '', de: '  ', fr: 'Vaccinés.' })).toEqual({ en: 'Vaccinated.', fr: 'Vaccinés.' });
  });
});
