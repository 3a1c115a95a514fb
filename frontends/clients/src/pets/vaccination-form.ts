import { OTHER_VACCINE_PREFIX, isVaccine } from '@pawline/contracts';

// Issue 31 the add-a-vaccination form, pure: what staff typed becomes the request, or the fields to fix.

export type VaccinationForm = { vaccine: string; otherName: string; given_on: string; valid_until: string };
export type VaccinationFormErrors = Partial<
  Record<'vaccine' | 'given_on' | 'valid_until', 'validation.required' | 'validation.validUntilBeforeGivenOn'>
>;

/** The choice "other" in the vaccine list: the name typed beside it becomes `other:<name>`. */
export const OTHER_CHOICE = 'other';

export function emptyVaccinationForm(firstVaccine: string): VaccinationForm {
  return { vaccine: firstVaccine, otherName: '', given_on: '', valid_until: '' };
}

export function vaccineOf(form: VaccinationForm): string {
  return form.vaccine === OTHER_CHOICE ? `${OTHER_VACCINE_PREFIX}${form.otherName.trim()}` : form.vaccine;
}

export function validateVaccinationForm(form: VaccinationForm): VaccinationFormErrors {
  const errors: VaccinationFormErrors = {};
  if (!isVaccine(vaccineOf(form))) errors.vaccine = 'validation.required';
  if (!form.given_on) errors.given_on = 'validation.required';
  if (!form.valid_until) errors.valid_until = 'validation.required';
  else if (form.given_on && form.valid_until < form.given_on) errors.valid_until = 'validation.validUntilBeforeGivenOn';
  return errors;
}

export function vaccinationRequest(form: VaccinationForm): { vaccine: string; given_on: string; valid_until: string } {
  return { vaccine: vaccineOf(form), given_on: form.given_on, valid_until: form.valid_until };
}
