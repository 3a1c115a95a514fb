import type { Appointment, RecurringInput, Treatment } from '@pawline/contracts';
import { formatAmount, parseAmount, type DurationSource } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import type { AppointmentWrite } from '../api/scheduling-api';
import { clockText } from '../calendar/calendar-dates';

export type RepeatUnit = '' | 'day' | 'week' | 'month';

export type AppointmentForm = {
  date: string;
  time: string;
  duration: string;
  user_id: string;
  app_name: string;
  notes: string;
  price: string;
  priceTouched: boolean;
  /**
   * follow: the duration is the one the work proposes (the service-time matrix, issue 26) once pets and treatments
   * are chosen; kept: the figure shown is the user's or the edited appointment's own.
   */
  durationMode: 'follow' | 'kept';
  treatment_ids: string[];
  pet_ids: string[];
  repeat: RepeatUnit;
  every: string;
  count: string;
  until: string;
};

export type NewSlot = { date: string; start: number; duration: number; user_id?: string | null };

export function newAppointmentForm(slot: NewSlot): AppointmentForm {
  return {
    date: slot.date,
    time: clockText(slot.start),
    duration: String(slot.duration),
    user_id: slot.user_id ?? '',
    app_name: '',
    notes: '',
    price: '',
    priceTouched: false,
    durationMode: 'follow',
    treatment_ids: [],
    pet_ids: [],
    repeat: '',
    every: '1',
    count: '',
    until: '',
  };
}

export function editAppointmentForm(a: Appointment, treatmentIds: string[], petIds: string[]): AppointmentForm {
  return {
    ...newAppointmentForm({ date: a.date, start: a.hour * 60 + a.min, duration: a.duration, user_id: a.user_id }),
    app_name: a.app_name ?? '',
    notes: a.notes ?? '',
    price: formatAmount(a.price, { pad: true }),
    priceTouched: true,
    durationMode: 'kept',
    treatment_ids: treatmentIds,
    pet_ids: petIds,
  };
}

/**
 * Choosing treatments suggests their summed default price until the price is typed, and lets the duration
 * follow the work again.
 */
export function withTreatments(form: AppointmentForm, ids: string[], catalogue: readonly Treatment[]): AppointmentForm {
  const followed: AppointmentForm = { ...form, treatment_ids: ids, durationMode: 'follow' };
  if (form.priceTouched) return followed;
  const sum = catalogue.filter((t) => ids.includes(t.id)).reduce((total, t) => total + t.default_price, 0);
  return { ...followed, price: sum > 0 ? formatAmount(sum, { pad: true }) : '' };
}

/** Choosing pets lets the duration follow the work again (a second dog doubles it). */
export function withPets(form: AppointmentForm, ids: string[]): AppointmentForm {
  return { ...form, pet_ids: ids, durationMode: 'follow' };
}

/** A typed duration is kept whatever is chosen after it, until "use the proposal". */
export function withTypedDuration(form: AppointmentForm, duration: string): AppointmentForm {
  return { ...form, duration, durationMode: 'kept' };
}

/** What the work proposes: the matrix's sum (libs/domain appointmentDuration) or the pet's own last time. */
export type DurationProposal = { minutes: number | null; source: DurationSource | 'history' };
type ProposalSource = Exclude<DurationProposal['source'], 'none'>;

/**
 * The pet's history wins over the matrix when it is the same work: one pet whose latest appointment had exactly
 * the chosen treatments took that long for this salon (issue 29: the duration proposed from the pet's history).
 */
export function proposalOf(
  matrix: DurationProposal,
  latest: { duration: number; treatment_ids: readonly string[] } | null,
  chosen: readonly string[],
): DurationProposal {
  if (!latest || chosen.length === 0) return matrix;
  const same = latest.treatment_ids.length === chosen.length && chosen.every((id) => latest.treatment_ids.includes(id));
  return same ? { minutes: latest.duration, source: 'history' } : matrix;
}

/** The form as it saves: a following duration is the proposal's figure when there is one. */
export function effectiveForm(form: AppointmentForm, proposal: DurationProposal): AppointmentForm {
  return form.durationMode === 'follow' && proposal.minutes !== null ? { ...form, duration: String(proposal.minutes) } : form;
}

/** The line under the duration: where the figure comes from, or the proposal the user's own figure differs from. */
export type DurationHint =
  { kind: 'source'; source: ProposalSource } | { kind: 'proposal'; source: ProposalSource; minutes: number } | null;

export function durationHint(form: AppointmentForm, proposal: DurationProposal): DurationHint {
  if (proposal.minutes === null || proposal.source === 'none') return null;
  if (form.durationMode === 'follow') return { kind: 'source', source: proposal.source };
  return String(proposal.minutes) === form.duration.trim()
    ? { kind: 'source', source: proposal.source }
    : { kind: 'proposal', source: proposal.source, minutes: proposal.minutes };
}

export type FormErrors = Partial<Record<'pets' | 'time' | 'duration' | 'date' | 'every' | 'count', TranslationKey>>;

/** Message keys (calendar.*, validation.*) of what stops a save. */
export function validateAppointmentForm(form: AppointmentForm): FormErrors {
  const errors: FormErrors = {};
  if (form.pet_ids.length === 0) errors.pets = 'calendar.petRequired';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) errors.date = 'validation.required';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time)) errors.time = 'validation.required';
  const duration = Number(form.duration);
  if (!Number.isInteger(duration) || duration < 1 || duration > 1440) errors.duration = 'validation.required';
  if (form.repeat) {
    const every = Number(form.every);
    if (!Number.isInteger(every) || every < 1 || every > 52) errors.every = 'validation.required';
    if (form.count.trim() !== '') {
      const count = Number(form.count);
      if (!Number.isInteger(count) || count < 2 || count > 500) errors.count = 'validation.required';
    }
  }
  return errors;
}

export function appointmentWriteOf(form: AppointmentForm): AppointmentWrite {
  const [hour = 0, min = 0] = form.time.split(':').map(Number);
  return {
    user_id: form.user_id || null,
    date: form.date,
    hour,
    min,
    duration: Number(form.duration),
    app_name: form.app_name.trim() || null,
    notes: form.notes.trim() || null,
    price: parseAmount(form.price),
    treatment_ids: form.treatment_ids,
    pet_ids: form.pet_ids,
  };
}

/** The recurrence of a new appointment: interval, count or unlimited (empty), optional end (R3.07). */
export function recurringInputOf(form: AppointmentForm): RecurringInput | null {
  if (!form.repeat) return null;
  return {
    unit: form.repeat,
    every: Number(form.every),
    count: form.count.trim() === '' ? null : Number(form.count),
    end: form.until || null,
  };
}
