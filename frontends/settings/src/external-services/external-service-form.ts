import { validateRequired } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import type { ExternalService, ExternalServiceChange, ExternalServiceFields } from './external-services-api';

/** An external service as the dialog edits it (R1.10): a service id unique in the organization and a name. */
export type ExternalServiceForm = { service_id: string; name: string };
export type ExternalServiceField = keyof ExternalServiceForm;
/** catalogue keys (validation.* of libs/domain, settings.* and errors.* of this screen) */
export type ExternalServiceErrors = Partial<Record<ExternalServiceField, TranslationKey>>;

/** the limits of the crm contract (external-service-create.rpc.ts) */
export const SERVICE_ID_MAX = 64;
export const SERVICE_NAME_MAX = 100;

export const EMPTY_EXTERNAL_SERVICE_FORM: ExternalServiceForm = { service_id: '', name: '' };

export function externalServiceFormOf(service: ExternalService): ExternalServiceForm {
  return { service_id: service.service_id, name: service.name };
}

/**
 * R5.01 required fields, the contract's lengths, and R5.14 against the services the page already
 * knows: a service id used by another service of the organization is refused before the request
 * (the server answers server_401 for one it learns of later).
 */
export function validateExternalServiceForm(
  form: ExternalServiceForm,
  others: readonly Pick<ExternalService, 'service_id'>[] = [],
): ExternalServiceErrors {
  const errors: ExternalServiceErrors = {};
  const serviceId = form.service_id.trim();
  const required = validateRequired(form.service_id);
  if (required) errors.service_id = required;
  else if (serviceId.length > SERVICE_ID_MAX) errors.service_id = 'settings.externalServiceIdTooLong';
  else if (others.some((other) => other.service_id === serviceId)) errors.service_id = 'errors.server_401';
  const name = validateRequired(form.name);
  if (name) errors.name = name;
  else if (form.name.trim().length > SERVICE_NAME_MAX) errors.name = 'settings.externalServiceNameTooLong';
  return errors;
}

export function externalServiceFields(form: ExternalServiceForm): ExternalServiceFields {
  return { service_id: form.service_id.trim(), name: form.name.trim() };
}

/** Only what changed. */
export function externalServiceChange(service: ExternalService, form: ExternalServiceForm): ExternalServiceChange {
  const next = externalServiceFields(form);
  const change: ExternalServiceChange = {};
  if (next.service_id !== service.service_id) change.service_id = next.service_id;
  if (next.name !== service.name) change.name = next.name;
  return change;
}

export function sameExternalServiceForm(a: ExternalServiceForm, b: ExternalServiceForm): boolean {
  return a.service_id === b.service_id && a.name === b.name;
}

/** The list's order: by name in the user's language, then service id. */
export function sortExternalServices(services: readonly ExternalService[], language: string): ExternalService[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...services].sort((a, b) => collator.compare(a.name, b.name) || a.service_id.localeCompare(b.service_id));
}
