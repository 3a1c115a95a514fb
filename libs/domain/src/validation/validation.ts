/**
 * Message keys of libs/i18n (namespace "validation"). Validators return a key, never a
 * text, so each frontend shows it in the user's language; zod issues carry the same key.
 */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  invalidEmail: 'validation.invalidEmail',
  passwordsNotSame: 'validation.passwordsNotSame',
  phoneFormat: 'validation.phoneFormat',
  countryCode: 'validation.countryCode',
  acceptTerms: 'validation.acceptTerms',
  acceptPrivacy: 'validation.acceptPrivacy',
  passwordBlank: 'validation.passwordBlank',
  passwordCommon: 'validation.passwordCommon',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// E.164-ish: optional leading +, digits and spaces; 6 to 15 digits.
const PHONE_PATTERN = /^\+?[0-9 ]+$/;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** R5.01 'Required'. */
export function validateRequired(value: unknown): ValidationKey | null {
  return isBlank(value) ? VALIDATION_KEYS.required : null;
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** R5.02 'Invalid e-mail'; an empty value is invalid too. */
export function validateEmail(value: string | null | undefined): ValidationKey | null {
  return value !== null && value !== undefined && isValidEmail(value) ? null : VALIDATION_KEYS.invalidEmail;
}

/** R5.02 the optional variant: empty is fine, anything else must be an e-mail. */
export function validateOptionalEmail(value: string | null | undefined): ValidationKey | null {
  return isBlank(value) ? null : validateEmail(value);
}

/** R5.03 'Passwords are not the same'. */
export function validatePasswordConfirmation(password: string, confirmation: string): ValidationKey | null {
  return password === confirmation ? null : VALIDATION_KEYS.passwordsNotSame;
}

/** The shortest password accepted where one is set (the contracts' `min(8)` on every new password). */
export const PASSWORD_MIN_LENGTH = 8;

/** True for a password of spaces, tabs and line breaks only (a non-empty one: empty is `required`). */
export function isWhitespaceOnlyPassword(password: string): boolean {
  return password.length > 0 && password.trim().length === 0;
}

/**
 * Issue 11 (OWASP ASVS): the rules of a new password a browser can check before sending —
 * not only whitespace, then at least PASSWORD_MIN_LENGTH characters. The length is answered as
 * `minLength` (its text takes `{ min: PASSWORD_MIN_LENGTH }`). The list of common and breached
 * passwords is checked by the identity service only: it is too large for a browser bundle.
 */
export function validateNewPassword(password: string): ValidationKey | 'validation.minLength' | null {
  if (isWhitespaceOnlyPassword(password)) return VALIDATION_KEYS.passwordBlank;
  if (password.length < PASSWORD_MIN_LENGTH) return 'validation.minLength';
  return null;
}

export function isValidPhone(value: string): boolean {
  const trimmed = value.trim();
  if (!PHONE_PATTERN.test(trimmed)) return false;
  const digits = trimmed.replace(/[^0-9]/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** R5.05 'The phone number is in incorrect format'. Empty is left to validateRequired. */
export function validatePhone(value: string | null | undefined): ValidationKey | null {
  if (isBlank(value)) return null;
  return isValidPhone(value as string) ? null : VALIDATION_KEYS.phoneFormat;
}

export function isValidCountryCode(value: string): boolean {
  return /^[A-Za-z]{2}$/.test(value.trim());
}

/** R5.05 a country code is 2 letters. */
export function validateCountryCode(value: string | null | undefined): ValidationKey | null {
  return value !== null && value !== undefined && isValidCountryCode(value) ? null : VALIDATION_KEYS.countryCode;
}

/** R5.04 terms and privacy must be accepted at registration. */
export function validateRegistrationConsents(consents: { terms: boolean; privacy: boolean }): ValidationKey | null {
  if (!consents.terms) return VALIDATION_KEYS.acceptTerms;
  if (!consents.privacy) return VALIDATION_KEYS.acceptPrivacy;
  return null;
}
