import type { Country, Store, StoreFields } from '@pawline/api-client';
import { validatePhone, validateRequired } from '@pawline/domain';
import { isCountry, textOrNull } from '../shared/options';

/** R3.04 store fields as the dialog edits them. */
export type StoreForm = {
  name: string;
  address: string;
  city: string;
  zip_code: string;
  country: Country | '';
  address_from_orga: boolean;
  phone: string;
  time_zone: string;
};

/** catalogue keys (validation.* from libs/domain, settings.* for our own) */
export type StoreErrors = Partial<Record<keyof StoreForm, string>>;

/** The usual IANA zone of each country offered (spec §9); the store keeps its own zone. */
export const DEFAULT_TIME_ZONES: Record<Country, string> = {
  GB: 'Europe/London',
  IT: 'Europe/Rome',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  CH: 'Europe/Zurich',
};

export function emptyStoreForm(country: string | null | undefined): StoreForm {
  const c: Country | '' = country && isCountry(country) ? country : '';
  return {
    name: '',
    address: '',
    city: '',
    zip_code: '',
    country: c,
    address_from_orga: false,
    phone: '',
    time_zone: c ? DEFAULT_TIME_ZONES[c] : '',
  };
}

export function storeFormOf(store: Store): StoreForm {
  const country = store.country && isCountry(store.country) ? store.country : '';
  return {
    name: store.name,
    address: store.address ?? '',
    city: store.city ?? '',
    zip_code: store.zip_code ?? '',
    country,
    address_from_orga: store.address_from_orga ?? false,
    phone: store.phone ?? '',
    time_zone: store.time_zone ?? (country ? DEFAULT_TIME_ZONES[country] : ''),
  };
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** R5.01 required name and country, R5.05 phone format, a real IANA time zone. */
export function validateStoreForm(form: StoreForm): StoreErrors {
  const errors: StoreErrors = {};
  const name = validateRequired(form.name);
  if (name) errors.name = name;
  const country = validateRequired(form.country);
  if (country) errors.country = country;
  const phone = validatePhone(form.phone);
  if (phone) errors.phone = phone;
  if (form.time_zone.trim() === '') errors.time_zone = 'validation.required';
  else if (!isTimeZone(form.time_zone.trim())) errors.time_zone = 'settings.timeZoneInvalid';
  return errors;
}

export function storeFields(form: StoreForm): StoreFields {
  if (form.country === '') throw new Error('country missing: validate the form first');
  return {
    name: form.name.trim(),
    address: form.address_from_orga ? null : textOrNull(form.address),
    city: form.address_from_orga ? null : textOrNull(form.city),
    zip_code: form.address_from_orga ? null : textOrNull(form.zip_code),
    country: form.country,
    address_from_orga: form.address_from_orga,
    phone: textOrNull(form.phone),
    time_zone: form.time_zone.trim(),
  };
}
