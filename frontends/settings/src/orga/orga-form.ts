import type { Country, Organization, OrganizationDataRequest, OrganizationSettingsRequest } from '@pawline/api-client';
import { appointmentCardSetting, parseAppointmentCard, RANKS, validateRequired, type AppointmentCardField } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import { isCountry, textOrNull } from '../shared/options';

/** R3.02 organization data and settings as the page edits them. */
export type OrgaForm = {
  name: string;
  address: string;
  city: string;
  zip_code: string;
  country: Country | '';
  address_from_owner: boolean;
  min_rank_read_store: number;
  min_rank_write_store: number;
  min_rank_read_pets: number;
  min_rank_write_pets: number;
  share_pets: boolean;
  admin_notification: string;
  /** what the calendar's appointment cards show, in order */
  appointment_card: readonly AppointmentCardField[];
};

/** catalogue keys (validation.* from libs/domain, settings.* for our own) */
export type OrgaErrors = Partial<Record<keyof OrgaForm, TranslationKey>>;

export function orgaFormOf(orga: Organization): OrgaForm {
  return {
    name: orga.name,
    address: orga.address ?? '',
    city: orga.city ?? '',
    zip_code: orga.zip_code ?? '',
    country: orga.country && isCountry(orga.country) ? orga.country : '',
    address_from_owner: orga.address_from_owner ?? false,
    min_rank_read_store: orga.min_rank_read_store ?? RANKS.worker2,
    min_rank_write_store: orga.min_rank_write_store ?? RANKS.worker2,
    min_rank_read_pets: orga.min_rank_read_pets ?? RANKS.worker2,
    min_rank_write_pets: orga.min_rank_write_pets ?? RANKS.worker2,
    share_pets: orga.share_pets ?? false,
    admin_notification: orga.admin_notification ?? '',
    appointment_card: parseAppointmentCard(orga.appointment_card_custom),
  };
}

export function validateOrgaForm(form: OrgaForm): OrgaErrors {
  const errors: OrgaErrors = {};
  const name = validateRequired(form.name);
  if (name) errors.name = name;
  const country = validateRequired(form.country);
  if (country) errors.country = country;
  return errors;
}

const DATA_KEYS = ['name', 'address', 'city', 'zip_code', 'country', 'address_from_owner'] as const;
const SETTINGS_KEYS = [
  'min_rank_read_store',
  'min_rank_write_store',
  'min_rank_read_pets',
  'min_rank_write_pets',
  'share_pets',
  'admin_notification',
] as const;

/** Only what changed, split into the two calls (PUT /orga/{orga} and PUT /orga/{orga}/settings). */
export function orgaChanges(
  saved: OrgaForm,
  form: OrgaForm,
): { data: OrganizationDataRequest | null; settings: OrganizationSettingsRequest | null } {
  const data: OrganizationDataRequest = {};
  for (const key of DATA_KEYS) {
    if (saved[key] === form[key]) continue;
    if (key === 'name') data.name = form.name.trim();
    else if (key === 'country') {
      if (form.country !== '') data.country = form.country;
    } else if (key === 'address_from_owner') data.address_from_owner = form.address_from_owner;
    else data[key] = textOrNull(form[key]);
  }
  const settings: OrganizationSettingsRequest = {};
  for (const key of SETTINGS_KEYS) {
    if (saved[key] === form[key]) continue;
    if (key === 'share_pets') settings.share_pets = form.share_pets;
    else if (key === 'admin_notification') settings.admin_notification = textOrNull(form.admin_notification);
    else settings[key] = form[key];
  }
  const card = appointmentCardSetting(form.appointment_card);
  if (card !== appointmentCardSetting(saved.appointment_card)) settings.appointment_card_custom = card;
  return {
    data: Object.keys(data).length > 0 ? data : null,
    settings: Object.keys(settings).length > 0 ? settings : null,
  };
}

/** The card's fields after ticking or unticking one: a new field goes last; the last one cannot go. */
export function toggleCardField(fields: readonly AppointmentCardField[], field: AppointmentCardField): readonly AppointmentCardField[] {
  if (!fields.includes(field)) return [...fields, field];
  return fields.length > 1 ? fields.filter((f) => f !== field) : fields;
}

/** The card's fields with one moved a place up (-1) or down (+1). */
export function moveCardField(
  fields: readonly AppointmentCardField[],
  field: AppointmentCardField,
  by: -1 | 1,
): readonly AppointmentCardField[] {
  const from = fields.indexOf(field);
  const to = from + by;
  if (from < 0 || to < 0 || to >= fields.length) return fields;
  const next = [...fields];
  [next[from], next[to]] = [next[to], field];
  return next;
}

/** R1.17 the second confirmation: the organization's name typed again exactly. */
export function cancelNameMatches(orgaName: string, typed: string): boolean {
  return typed.trim() === orgaName.trim() && typed.trim().length > 0;
}
