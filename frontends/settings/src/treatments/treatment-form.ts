import { COLOUR_PRESETS, formatAmount, parseMoney, validateRequired } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import type { Treatment, TreatmentChange, TreatmentFields } from './treatments-api';

/** A treatment as the dialog edits it: texts for the inputs, the colour '#rrggbb' or null (none). */
export type TreatmentForm = { name: string; duration: string; price: string; color: string | null };
export type TreatmentField = keyof TreatmentForm;
/** catalogue keys (validation.* of libs/domain, settings.* of this screen) */
export type TreatmentErrors = Partial<Record<TreatmentField, TranslationKey>>;

export const TREATMENT_NAME_MAX = 100;
/** a day: the longest service time the scheduling contract accepts */
export const TREATMENT_MINUTES_MAX = 1440;
export const DEFAULT_TREATMENT_MINUTES = 60;

/** The 8 presets of the appointment colours (R9.09): a treatment takes the card colour. */
export const TREATMENT_COLOUR_PRESETS: readonly string[] = COLOUR_PRESETS.map((preset) => preset.card);

const COLOUR_TEXT = /^#[0-9a-f]{6}$/i;

export const EMPTY_TREATMENT_FORM: TreatmentForm = { name: '', duration: String(DEFAULT_TREATMENT_MINUTES), price: '', color: null };

export function treatmentFormOf(treatment: Treatment): TreatmentForm {
  return {
    name: treatment.name,
    duration: String(treatment.default_duration),
    price: formatAmount(treatment.default_price, { pad: true }),
    color: treatment.color ?? null,
  };
}

/** Index of the preset the colour is, or -1 (custom or none). */
export function presetOf(color: string | null): number {
  return color === null ? -1 : TREATMENT_COLOUR_PRESETS.indexOf(color.toLowerCase());
}

function minutesOf(text: string): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= TREATMENT_MINUTES_MAX ? minutes : null;
}

/** An empty price is 0 (a treatment priced at the appointment); otherwise amount text as R5.16 reads it. */
function centsOf(text: string): number | null {
  return text.trim() === '' ? 0 : parseMoney(text);
}

/** Field-level messages of spec §5 (R5.01 required) and of the limits the server keeps. */
export function validateTreatmentForm(form: TreatmentForm): TreatmentErrors {
  const errors: TreatmentErrors = {};
  const name = validateRequired(form.name);
  if (name) errors.name = name;
  else if (form.name.trim().length > TREATMENT_NAME_MAX) errors.name = 'settings.treatmentNameTooLong';
  if (minutesOf(form.duration) === null) errors.duration = 'settings.treatmentDurationInvalid';
  if (centsOf(form.price) === null) errors.price = 'settings.treatmentPriceInvalid';
  if (form.color !== null && !COLOUR_TEXT.test(form.color)) errors.color = 'settings.colourInvalid';
  return errors;
}

/** The create body of a valid form. */
export function treatmentFields(form: TreatmentForm): TreatmentFields {
  return {
    name: form.name.trim(),
    default_duration: minutesOf(form.duration) ?? DEFAULT_TREATMENT_MINUTES,
    default_price: centsOf(form.price) ?? 0,
    color: form.color === null ? null : form.color.toLowerCase(),
  };
}

/** Only what changed (a change that changes nothing sends an empty body and the server keeps the row). */
export function treatmentChange(treatment: Treatment, form: TreatmentForm): TreatmentChange {
  const next = treatmentFields(form);
  const change: TreatmentChange = {};
  if (next.name !== treatment.name) change.name = next.name;
  if (next.default_duration !== treatment.default_duration) change.default_duration = next.default_duration;
  if (next.default_price !== treatment.default_price) change.default_price = next.default_price;
  if (next.color !== (treatment.color ?? null)) change.color = next.color;
  return change;
}

export function sameTreatmentForm(a: TreatmentForm, b: TreatmentForm): boolean {
  return a.name === b.name && a.duration === b.duration && a.price === b.price && a.color === b.color;
}

/** The list's order: by name in the user's language, then id (the server's order is byte order). */
export function sortTreatments(treatments: readonly Treatment[], language: string): Treatment[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...treatments].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}
