import { COUNTRIES, type Country, type Language, type RegisterRequest } from '@pawline/api-client';
import { isValidEmail, PASSWORD_MIN_LENGTH, validateNewPassword, validatePasswordConfirmation } from '@pawline/domain';

export type RegisterForm = {
  email: string;
  password: string;
  passwordConfirmation: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  country: Country | '';
  promoCode: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
};

export type RegisterMessages = {
  required: string;
  invalidEmail: string;
  passwordsDiffer: string;
  passwordBlank: string;
  /** issue 29: the length is checked here, in the person's language, before the server is asked */
  passwordTooShort: string;
  acceptTerms: string;
  acceptPrivacy: string;
};

export { PASSWORD_MIN_LENGTH };

export type RegisterErrors = Partial<Record<keyof RegisterForm, string>>;

export const EMPTY_REGISTER_FORM: RegisterForm = {
  email: '',
  password: '',
  passwordConfirmation: '',
  firstName: '',
  lastName: '',
  organizationName: '',
  country: '',
  promoCode: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

/**
 * spec §5: required fields, e-mail, password confirmation, terms and privacy (R5.01–R5.04);
 * issue 11: a password of whitespace only is named as such (the common list is checked by the server);
 * issue 29: one shorter than PASSWORD_MIN_LENGTH is named before the server is asked.
 */
export function validateRegisterForm(form: RegisterForm, messages: RegisterMessages): RegisterErrors {
  const errors: RegisterErrors = {};
  const required: (keyof RegisterForm)[] = [
    'email',
    'password',
    'passwordConfirmation',
    'firstName',
    'lastName',
    'organizationName',
    'country',
  ];
  for (const field of required) {
    const value = form[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = messages.required;
  }
  const passwordProblem = validateNewPassword(form.password);
  if (passwordProblem === 'validation.minLength') errors.password ??= messages.passwordTooShort;
  else if (passwordProblem) errors.password = messages.passwordBlank;
  if (!errors.email && !isValidEmail(form.email)) errors.email = messages.invalidEmail;
  if (!errors.passwordConfirmation && validatePasswordConfirmation(form.password, form.passwordConfirmation)) {
    errors.passwordConfirmation = messages.passwordsDiffer;
  }
  if (form.country !== '' && !(COUNTRIES as readonly string[]).includes(form.country)) errors.country = messages.required;
  if (!form.acceptTerms) errors.acceptTerms = messages.acceptTerms;
  if (!form.acceptPrivacy) errors.acceptPrivacy = messages.acceptPrivacy;
  return errors;
}

export function toRegisterRequest(form: RegisterForm, language: Language): RegisterRequest {
  const promo = form.promoCode.trim();
  return {
    email: form.email.trim(),
    password: form.password,
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    organization_name: form.organizationName.trim(),
    country: form.country as Country,
    language,
    ...(promo ? { promo_code: promo } : {}),
    accept_terms: form.acceptTerms,
    accept_privacy: form.acceptPrivacy,
  };
}

// Server field names (snake_case) to the form's.
export const SERVER_FIELD: Record<string, keyof RegisterForm> = {
  email: 'email',
  password: 'password',
  first_name: 'firstName',
  last_name: 'lastName',
  organization_name: 'organizationName',
  country: 'country',
  promo_code: 'promoCode',
  accept_terms: 'acceptTerms',
  accept_privacy: 'acceptPrivacy',
};
