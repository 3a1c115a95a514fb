import type { CustomerDetail } from '@pawline/contracts';
import { validateCountryCode, validateOptionalEmail, validatePhone, validateRequired } from '@pawline/domain';
import type { CustomerWrite } from '../api/crm-api';
import { orderedAssignments, sortAssigned } from '../tags/tag-icons';

export const CUSTOMER_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'address',
  'city',
  'zip_code',
  'country',
  'fon',
  'fon_2',
  'email',
  'notes',
  'veterinary',
] as const;
export type CustomerTextField = (typeof CUSTOMER_TEXT_FIELDS)[number];

/** R3.05 the customer page's form: the spec's fields, consents, ordered tags, external ids. */
export type CustomerForm = Record<CustomerTextField, string> & {
  consent_messages: boolean;
  consent_reminders: boolean;
  consent_marketing: boolean;
  tag_ids: string[];
  /** external_service_id → entity id */
  external_ids: Record<string, string>;
};

export type CustomerFormErrors = Partial<Record<CustomerTextField, string>>;

export function emptyCustomerForm(): CustomerForm {
  return {
    first_name: '',
    last_name: '',
    address: '',
    city: '',
    zip_code: '',
    country: '',
    fon: '',
    fon_2: '',
    email: '',
    notes: '',
    veterinary: '',
    consent_messages: false,
    consent_reminders: false,
    consent_marketing: false,
    tag_ids: [],
    external_ids: {},
  };
}

export function customerFormFrom(detail: CustomerDetail): CustomerForm {
  const c = detail.customer;
  const form = emptyCustomerForm();
  for (const field of CUSTOMER_TEXT_FIELDS) form[field] = c[field] ?? '';
  return {
    ...form,
    consent_messages: c.consent_messages,
    consent_reminders: c.consent_reminders,
    consent_marketing: c.consent_marketing,
    tag_ids: sortAssigned(detail.tags).map((tag) => tag.tag_id),
    external_ids: Object.fromEntries(detail.external_services.map((e) => [e.external_service_id, e.entity_id])),
  };
}

/**
 * Spec §5 messages as libs/i18n keys: first name required (R5.01), the organization's mandatory
 * customer information required too (R5.13), e-mail (R5.02, optional variant), phones and the
 * 2-letter country code (R5.05).
 */
export function validateCustomerForm(form: CustomerForm, mandatory: readonly string[] = []): CustomerFormErrors {
  const errors: CustomerFormErrors = {};
  const required = new Set<string>(['first_name', ...mandatory]);
  for (const field of CUSTOMER_TEXT_FIELDS) {
    if (required.has(field)) {
      const problem = validateRequired(form[field]);
      if (problem) errors[field] = problem;
    }
  }
  const email = validateOptionalEmail(form.email);
  if (email && !errors.email) errors.email = email;
  for (const field of ['fon', 'fon_2'] as const) {
    const phone = validatePhone(form[field]);
    if (phone && !errors[field]) errors[field] = phone;
  }
  if (form.country.trim() !== '' && !errors.country) {
    const country = validateCountryCode(form.country);
    if (country) errors.country = country;
  }
  return errors;
}

function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** The request body: empty texts as null, tags in order, external ids that are filled in. */
export function customerRequest(form: CustomerForm): CustomerWrite {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    address: textOrNull(form.address),
    city: textOrNull(form.city),
    zip_code: textOrNull(form.zip_code),
    country: textOrNull(form.country)?.toUpperCase() ?? null,
    fon: textOrNull(form.fon),
    fon_2: textOrNull(form.fon_2),
    email: textOrNull(form.email),
    notes: textOrNull(form.notes),
    veterinary: textOrNull(form.veterinary),
    consent_messages: form.consent_messages,
    consent_reminders: form.consent_reminders,
    consent_marketing: form.consent_marketing,
    tags: orderedAssignments(form.tag_ids),
    external_services: Object.entries(form.external_ids)
      .map(([external_service_id, entity_id]) => ({ external_service_id, entity_id: entity_id.trim() }))
      .filter((entry) => entry.entity_id.length > 0),
  };
}
