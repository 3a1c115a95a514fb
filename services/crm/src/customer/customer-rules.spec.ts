import { VALIDATION_KEYS } from '@pawline/domain';
import { customerProblems, mergeCustomer } from './customer-rules';

describe('customer rules', () => {
  const created = mergeCustomer(null, { first_name: ' Anna ', email: 'anna@example.com', fon: '+39 333 1234567', consent_marketing: true });

  it('R3.05 keeps every customer field with consents for messages, reminders and marketing', () => {
    expect(created).toEqual({
      first_name: 'Anna',
      last_name: '',
      address: null,
      city: null,
      zip_code: null,
      country: null,
      fon: '+39 333 1234567',
      fon_2: null,
      email: 'anna@example.com',
      notes: null,
      veterinary: null,
      consent_messages: false,
      consent_reminders: false,
      consent_marketing: true,
    });
  });

  it('R3.05 a partial update changes only the named fields; blanks clear a field', () => {
    const updated = mergeCustomer(created, { city: 'Roma', email: '' });
    expect(updated.city).toBe('Roma');
    expect(updated.email).toBeNull();
    expect(updated.consent_marketing).toBe(true);
    expect(updated.fon).toBe('+39 333 1234567');
  });

  it('R5.02 R5.05 rejects a bad e-mail, a bad phone and a bad country code', () => {
    const bad = mergeCustomer(created, { email: 'anna@', fon_2: 'abc', country: 'ITA' });
    expect(customerProblems(bad, [])).toEqual({
      email: VALIDATION_KEYS.invalidEmail,
      fon_2: VALIDATION_KEYS.phoneFormat,
      country: VALIDATION_KEYS.countryCode,
    });
    expect(customerProblems(created, [])).toEqual({});
  });

  it('R5.13 the mandatory customer information of the organization is required', () => {
    expect(customerProblems(created, ['fon', 'city', 'zip_code'])).toEqual({
      city: VALIDATION_KEYS.required,
      zip_code: VALIDATION_KEYS.required,
    });
  });
});
