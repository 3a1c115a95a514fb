import type { Language } from '@pawline/contracts';
import { waitlistEntryProblems } from '@pawline/domain';
import type { WaitlistEntryChange } from '../api/booking-api';

// Issue 30 staff put a customer who called on the waitlist (ADR 0063): the form's values as typed, and the entry the
// route takes, or the problems by field (text keys of libs/i18n) before anything is sent.

export type WaitlistForm = {
  first_name: string;
  last_name: string;
  fon: string;
  pet_name: string;
  pet_type: string;
  treatment_id: string;
  /** '' any groomer */
  user_id: string;
  weekdays: number[];
  from_time: string;
  to_time: string;
  until: string;
  consent_messages: boolean;
  language: Language;
};

export type FormProblem = { key: string };

export function emptyWaitlistForm(language: Language, until: string): WaitlistForm {
  return {
    first_name: '',
    last_name: '',
    fon: '',
    pet_name: '',
    pet_type: '1',
    treatment_id: '',
    user_id: '',
    weekdays: [],
    from_time: '',
    to_time: '',
    until,
    consent_messages: true,
    language,
  };
}

/** The entry to send, or why not: required fields, a time window backwards, a last day in the past. */
export function waitlistEntryFromForm(
  form: WaitlistForm,
  today: string,
): { entry: WaitlistEntryChange | null; problems: Record<string, FormProblem> } {
  const problems: Record<string, FormProblem> = {};
  for (const field of ['first_name', 'last_name', 'fon', 'pet_name', 'treatment_id', 'until'] as const)
    if (form[field].trim() === '') problems[field] = { key: 'validation.required' };
  if (form.fon.trim() !== '' && form.fon.replace(/\D/g, '').length < 5) problems['fon'] = { key: 'validation.phoneFormat' };
  const wishes = {
    from_time: form.from_time || null,
    to_time: form.to_time || null,
    until: form.until,
    today,
  };
  if (form.until) for (const [field, key] of Object.entries(waitlistEntryProblems(wishes))) problems[field] = { key };
  if (Object.keys(problems).length > 0) return { entry: null, problems };
  return {
    entry: {
      treatment_ids: [form.treatment_id],
      pets: [
        { pet_id: null, name: form.pet_name.trim(), pet_type: Number(form.pet_type) as 0 | 1 | 2 | 3, breed: null, size: null, hair: null },
      ],
      user_id: form.user_id || null,
      weekdays: [...form.weekdays].sort(),
      from_time: wishes.from_time,
      to_time: wishes.to_time,
      until: form.until,
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      fon: form.fon.trim(),
      email: null,
      notes: null,
      consent_messages: form.consent_messages,
      language: form.language,
    },
    problems,
  };
}

/** A weekday ticked or unticked. */
export const toggledWeekday = (weekdays: readonly number[], day: number): number[] =>
  weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort();
