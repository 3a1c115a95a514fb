import fc from 'fast-check';
import { COUNTRIES, COUNTRY_CODES, defaultTimeZone, isSupportedCountry } from './countries';
import {
  VALIDATION_KEYS,
  countryCodeSchema,
  emailSchema,
  optionalEmailSchema,
  passwordConfirmationSchema,
  phoneSchema,
  requiredStringSchema,
  validateCountryCode,
  validateEmail,
  validateOptionalEmail,
  validatePasswordConfirmation,
  validatePhone,
  validateRegistrationConsents,
  validateRequired,
} from '.';

function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('validation', () => {
  it('R5.01 required rejects empty, blank and missing values', () => {
    for (const v of ['', '   ', null, undefined, []]) expect(validateRequired(v)).toBe('validation.required');
    for (const v of ['a', 0, false, ['x']]) expect(validateRequired(v)).toBeNull();
    expect(firstIssue(requiredStringSchema.safeParse('  '))).toBe(VALIDATION_KEYS.required);
    expect(requiredStringSchema.parse(' Fido ')).toBe('Fido');
  });

  it('R5.02 e-mail: valid addresses pass, others give Invalid e-mail', () => {
    for (const v of ['anna@salon.it', 'a.b+c@mail.co.uk', ' x@y.de ']) expect(validateEmail(v)).toBeNull();
    for (const v of ['', 'anna', 'anna@', '@salon.it', 'anna@salon', 'an na@salon.it', 'a@@b.it', null]) {
      expect(validateEmail(v)).toBe('validation.invalidEmail');
    }
    expect(firstIssue(emailSchema.safeParse('nope'))).toBe(VALIDATION_KEYS.invalidEmail);
    expect(emailSchema.parse(' anna@salon.it ')).toBe('anna@salon.it');
  });

  it('R5.02 the optional e-mail variant accepts empty', () => {
    expect(validateOptionalEmail('')).toBeNull();
    expect(validateOptionalEmail(null)).toBeNull();
    expect(validateOptionalEmail('anna')).toBe('validation.invalidEmail');
    expect(optionalEmailSchema.safeParse('').success).toBe(true);
    expect(optionalEmailSchema.safeParse('anna').success).toBe(false);
  });

  it('R5.03 password confirmation must equal the password', () => {
    expect(validatePasswordConfirmation('Secret1!', 'Secret1!')).toBeNull();
    expect(validatePasswordConfirmation('Secret1!', 'secret1!')).toBe('validation.passwordsNotSame');
    const bad = passwordConfirmationSchema.safeParse({ password: 'a', password_confirmation: 'b' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['password_confirmation']);
    expect(firstIssue(bad)).toBe(VALIDATION_KEYS.passwordsNotSame);
  });

  it('terms and privacy must both be accepted', () => {
    expect(validateRegistrationConsents({ terms: true, privacy: true })).toBeNull();
    expect(validateRegistrationConsents({ terms: false, privacy: true })).toBe('validation.acceptTerms');
    expect(validateRegistrationConsents({ terms: true, privacy: false })).toBe('validation.acceptPrivacy');
  });

  it('R5.05 phone: optional +, digits and spaces, at least 6 digits', () => {
    for (const v of ['+39 333 1234567', '0049301234567', '123456', '+41 44 668 18 00']) expect(validatePhone(v)).toBeNull();
    for (const v of ['12345', '+39-333-1234567', '333 12a4567', '++39333123456', '+', '1234567890123456']) {
      expect(validatePhone(v)).toBe('validation.phoneFormat');
    }
    expect(validatePhone('')).toBeNull();
    expect(firstIssue(phoneSchema.safeParse('12'))).toBe(VALIDATION_KEYS.phoneFormat);
  });

  it('R5.05 property: digit strings of 6 to 15 digits are phones, shorter are not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,20}$/), fc.boolean(), (digits, plus) => {
        const valid = digits.length >= 6 && digits.length <= 15;
        expect(validatePhone(`${plus ? '+' : ''}${digits}`) === null).toBe(valid);
      }),
    );
  });

  it('R5.05 country code is 2 letters', () => {
    expect(validateCountryCode('IT')).toBeNull();
    expect(validateCountryCode('de')).toBeNull();
    for (const v of ['I', 'ITA', '1T', '', null]) expect(validateCountryCode(v)).toBe('validation.countryCode');
    expect(countryCodeSchema.parse('ch')).toBe('CH');
  });

  it('R9.10 offers UK, Italy, Germany, France, Spain and Switzerland with a default time zone each', () => {
    expect(COUNTRY_CODES).toEqual(['GB', 'IT', 'DE', 'FR', 'ES', 'CH']);
    expect(COUNTRIES.map((c) => c.label)).toEqual(['UK', 'Italy', 'Germany', 'France', 'Spain', 'Switzerland']);
    expect(defaultTimeZone('it')).toBe('Europe/Rome');
    expect(defaultTimeZone('UK')).toBe('Europe/London');
    expect(defaultTimeZone('US')).toBeUndefined();
    expect(isSupportedCountry('ch')).toBe(true);
    expect(isSupportedCountry('AT')).toBe(false);
    for (const c of COUNTRIES) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: c.timeZone })).not.toThrow();
    }
  });
});
