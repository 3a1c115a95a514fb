import type { CustomerFields } from '@pawline/contracts';
import { isValidCountryCode, isValidEmail, isValidPhone, VALIDATION_KEYS } from '@pawline/domain';

/** The customer as stored: every field resolved (defaults applied, blanks as null). */
export type CustomerValues = {
  first_name: string;
  last_name: string;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  country: string | null;
  fon: string | null;
  fon_2: string | null;
  email: string | null;
  notes: string | null;
  veterinary: string | null;
  consent_messages: boolean;
  consent_reminders: boolean;
  consent_marketing: boolean;
};

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** Applies a create or a partial update onto the stored values (undefined = unchanged). */
export function mergeCustomer(base: CustomerValues | null, input: Partial<CustomerFields>): CustomerValues {
  const pick = <K extends keyof CustomerValues>(key: K, fallback: CustomerValues[K]): CustomerValues[K] =>
    (input[key] === undefined ? (base ? base[key] : fallback) : input[key]) as CustomerValues[K];
  return {
    first_name: (input.first_name ?? base?.first_name ?? '').trim(),
    last_name: (input.last_name ?? base?.last_name ?? '').trim(),
    address: blankToNull(pick('address', null)),
    city: blankToNull(pick('city', null)),
    zip_code: blankToNull(pick('zip_code', null)),
    country: blankToNull(pick('country', null))?.toUpperCase() ?? null,
    fon: blankToNull(pick('fon', null)),
    fon_2: blankToNull(pick('fon_2', null)),
    email: blankToNull(pick('email', null)),
    notes: blankToNull(pick('notes', null)),
    veterinary: blankToNull(pick('veterinary', null)),
    consent_messages: pick('consent_messages', false),
    consent_reminders: pick('consent_reminders', false),
    consent_marketing: pick('consent_marketing', false),
  };
}

/**
 * R3.05 R5.02 R5.05 R5.13 field problems of a customer: e-mail and phones by the rules of
 * libs/domain, a 2-letter country, and the organization's mandatory customer information.
 */
export function customerProblems(values: CustomerValues, mandatory: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!values.first_name) fields['first_name'] = VALIDATION_KEYS.required;
  if (values.email !== null && !isValidEmail(values.email)) fields['email'] = VALIDATION_KEYS.invalidEmail;
  if (values.fon !== null && !isValidPhone(values.fon)) fields['fon'] = VALIDATION_KEYS.phoneFormat;
  if (values.fon_2 !== null && !isValidPhone(values.fon_2)) fields['fon_2'] = VALIDATION_KEYS.phoneFormat;
  if (values.country !== null && !isValidCountryCode(values.country)) fields['country'] = VALIDATION_KEYS.countryCode;
  for (const field of mandatory) {
    const value = (values as Record<string, unknown>)[field];
    if ((value === null || value === '' || value === undefined) && !fields[field]) fields[field] = VALIDATION_KEYS.required;
  }
  return fields;
}
