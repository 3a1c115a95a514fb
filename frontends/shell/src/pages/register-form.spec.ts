import { EMPTY_REGISTER_FORM, toRegisterRequest, validateRegisterForm, type RegisterForm } from './register-form';

const messages = {
  required: 'Required',
  invalidEmail: 'Invalid e-mail',
  passwordsDiffer: 'Passwords are not the same',
  passwordBlank: 'A password cannot consist only of spaces',
  passwordTooShort: 'At least 8 characters',
  acceptTerms: 'Please accept the terms and conditions',
  acceptPrivacy: 'Please accept the privacy policy',
};

const complete: RegisterForm = {
  email: ' ada@example.com ',
  password: 'secret-123',
  passwordConfirmation: 'secret-123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationName: 'Salone Fido',
  country: 'IT',
  promoCode: '',
  acceptTerms: true,
  acceptPrivacy: true,
};

describe('registration form', () => {
  it('R5.01 marks every required field of an empty form', () => {
    const errors = validateRegisterForm(EMPTY_REGISTER_FORM, messages);
    for (const field of ['email', 'password', 'passwordConfirmation', 'firstName', 'lastName', 'organizationName', 'country'] as const) {
      expect(errors[field]).toBe('Required');
    }
  });

  it.each([
    ['ten spaces', '          '],
    ['a tab', '\t'],
    ['tabs and spaces', ' \t \t \t \t'],
  ])('issue 11 names a password of %s before sending', (_label, password) => {
    const errors = validateRegisterForm({ ...complete, password, passwordConfirmation: password }, messages);
    expect(errors.password).toBe('A password cannot consist only of spaces');
  });

  it('issue 29 names a password shorter than 8 characters before sending; 8 are enough', () => {
    expect(validateRegisterForm({ ...complete, password: 'short12', passwordConfirmation: 'short12' }, messages).password).toBe(
      'At least 8 characters',
    );
    expect(validateRegisterForm({ ...complete, password: 'short123', passwordConfirmation: 'short123' }, messages)).toEqual({});
    expect(validateRegisterForm({ ...complete, password: '', passwordConfirmation: '' }, messages).password).toBe('Required');
  });

  it('issue 11 accepts a passphrase with spaces inside', () => {
    const password = 'correct horse battery staple';
    expect(validateRegisterForm({ ...complete, password, passwordConfirmation: password }, messages)).toEqual({});
  });

  it('R5.02 rejects an invalid e-mail', () => {
    expect(validateRegisterForm({ ...complete, email: 'ada@' }, messages).email).toBe('Invalid e-mail');
  });

  it("R5.03 says 'Passwords are not the same' when the confirmation differs", () => {
    expect(validateRegisterForm({ ...complete, passwordConfirmation: 'other' }, messages).passwordConfirmation).toBe(
      'Passwords are not the same',
    );
  });

  it('R5.04 requires accepting both terms and privacy', () => {
    const errors = validateRegisterForm({ ...complete, acceptTerms: false, acceptPrivacy: false }, messages);
    expect(errors.acceptTerms).toBe(messages.acceptTerms);
    expect(errors.acceptPrivacy).toBe(messages.acceptPrivacy);
    expect(validateRegisterForm(complete, messages)).toEqual({});
  });

  it('R9.10 sends the snake_case request with the chosen language, omitting an empty promo code', () => {
    expect(toRegisterRequest(complete, 'it')).toEqual({
      email: 'ada@example.com',
      password: 'secret-123',
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization_name: 'Salone Fido',
      country: 'IT',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    });
    expect(toRegisterRequest({ ...complete, promoCode: ' SPRING ' }, 'en').promo_code).toBe('SPRING');
  });
});
