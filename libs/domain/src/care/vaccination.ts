import { KNOWN_VACCINES, OTHER_VACCINE_PREFIX, VACCINES_BY_PET_TYPE, type KnownVaccine, type VaccinationState } from '@pawline/contracts';
import { addDays, formatLocalDate, parseLocalDate } from '../time/local-time';

// Issue 31 a pet's vaccinations against what a store requires before grooming (ADR 0062).

/** The known vaccines offered for a pet type (the placeholder type -1 gets every one). */
export function vaccinesFor(petType: number): readonly KnownVaccine[] {
  if (petType === 0 || petType === 1) return VACCINES_BY_PET_TYPE.dog;
  if (petType === 2) return VACCINES_BY_PET_TYPE.cat;
  if (petType === 3) return VACCINES_BY_PET_TYPE.rabbit;
  return KNOWN_VACCINES;
}

/** The same vaccine written two ways ('other:Lyme ', 'other:lyme') is one vaccine. */
export function vaccineKey(vaccine: string): string {
  if (!vaccine.startsWith(OTHER_VACCINE_PREFIX)) return vaccine;
  return OTHER_VACCINE_PREFIX + vaccine.slice(OTHER_VACCINE_PREFIX.length).trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What the rule reads of one recorded vaccination: dates are local dates YYYY-MM-DD. */
export type VaccinationRecord = { vaccine: string; valid_until: string; verified: boolean };

/** What a store asks of a pet type for its treatments; no treatment ids means every treatment. */
export type VaccineRequirement = { pet_type: number; vaccine: string; treatment_ids: readonly string[] };

export type VaccineStatus = {
  vaccine: string;
  state: VaccinationState;
  /** the latest verified valid-until date, null when none is recorded */
  valid_until: string | null;
  /** a record waits for staff to check its proof: it does not count until verified */
  awaiting_verification: boolean;
};

export type PetVaccinationStatus = { state: VaccinationState; vaccines: VaccineStatus[] };

/** Days before the end of a vaccination that it counts as expiring, unless the store chose otherwise. */
export const VACCINE_EXPIRING_DAYS_DEFAULT = 30;

const RANK: Record<VaccinationState, number> = { ok: 0, expiring: 1, expired: 2, missing: 3 };

/** Treats dog types 0 and 1 as one (spec §3 names both "dog"). */
function samePetType(a: number, b: number): boolean {
  const norm = (t: number) => (t === 1 ? 0 : t);
  return norm(a) === norm(b);
}

/** The vaccines a store requires of this pet for these treatments (empty treatments: any appointment). */
export function requiredVaccines(
  requirements: readonly VaccineRequirement[],
  petType: number,
  treatmentIds: readonly string[] | null,
): string[] {
  const required = requirements.filter(
    (r) =>
      samePetType(r.pet_type, petType) &&
      (r.treatment_ids.length === 0 || treatmentIds === null || r.treatment_ids.some((id) => treatmentIds.includes(id))),
  );
  return [...new Set(required.map((r) => vaccineKey(r.vaccine)))];
}

/**
 * A pet's vaccinations on a day against the vaccines required: a vaccine is missing without a verified record,
 * expired when its latest verified record ended before that day (valid through its valid-until date), expiring
 * when it ends within `expiringDays` of it, else ok. The pet's state is the worst of its vaccines' (ok with none).
 */
export function vaccinationStatus(
  records: readonly VaccinationRecord[],
  required: readonly string[],
  on: string,
  expiringDays: number = VACCINE_EXPIRING_DAYS_DEFAULT,
): PetVaccinationStatus {
  const horizon = formatLocalDate(addDays(parseLocalDate(on), Math.max(0, expiringDays)));
  const vaccines = [...new Set(required.map(vaccineKey))].map((vaccine): VaccineStatus => {
    const mine = records.filter((r) => vaccineKey(r.vaccine) === vaccine);
    const verified = mine.filter((r) => r.verified).map((r) => r.valid_until);
    const validUntil = verified.length > 0 ? verified.reduce((a, b) => (a > b ? a : b)) : null;
    const awaiting = mine.some((r) => !r.verified && (validUntil === null || r.valid_until > validUntil));
    let state: VaccinationState = 'ok';
    if (validUntil === null) state = 'missing';
    else if (validUntil < on) state = 'expired';
    else if (validUntil <= horizon) state = 'expiring';
    return { vaccine, state, valid_until: validUntil, awaiting_verification: awaiting };
  });
  const state = vaccines.reduce<VaccinationState>((worst, v) => (RANK[v.state] > RANK[worst] ? v.state : worst), 'ok');
  return { state, vaccines };
}

/** Whether a state keeps a pet from being groomed as booked (the calendar's flag, the booking gate). */
export function blocksGrooming(state: VaccinationState): boolean {
  return state === 'missing' || state === 'expired';
}

/** A given-on / valid-until pair staff may save: real dates, the end not before the start. */
export function vaccinationDatesProblem(givenOn: string, validUntil: string): 'valid_until_before_given_on' | null {
  return validUntil < givenOn ? 'valid_until_before_given_on' : null;
}
