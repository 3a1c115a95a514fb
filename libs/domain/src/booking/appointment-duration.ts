// Issue 26: an appointment's duration follows the work, by the same service-time matrix online booking uses
// (R1.08, R3.09): every pet gets every chosen treatment, each the minutes of its most specific matrix entry or,
// without one, the treatment's default duration; the dialog says where the figure came from.

import { matchingServiceTime, type BookingPetTraits, type BookingTreatment, type ServiceTimeEntry } from './service-time';

/** One pet × treatment of the sum: the matrix entry that gave its minutes, or the treatment's default. */
export type DurationPart = {
  /** the pet's place in the list given */
  petIndex: number;
  treatmentId: string;
  minutes: number;
  source: 'service_time' | 'treatment_default';
  /** the matrix entry used (null: the treatment's default duration) */
  entry: ServiceTimeEntry | null;
};

/**
 * Where the whole figure came from: every part from the matrix, every part a treatment's default, some of each,
 * or nothing to sum (no pet or no treatment chosen: minutes null, the dialog keeps what it has).
 */
export type DurationSource = 'service_times' | 'treatment_defaults' | 'mixed' | 'none';

export type AppointmentDuration = { minutes: number | null; source: DurationSource; parts: DurationPart[] };

/** The duration of an appointment for these pets and treatments, with the source of each minute. */
export function appointmentDuration(
  entries: ServiceTimeEntry[],
  treatments: readonly BookingTreatment[],
  pets: readonly BookingPetTraits[],
): AppointmentDuration {
  const parts: DurationPart[] = [];
  pets.forEach((pet, petIndex) => {
    for (const treatment of treatments) {
      const entry = matchingServiceTime(entries, treatment.id, pet);
      parts.push({
        petIndex,
        treatmentId: treatment.id,
        minutes: entry ? entry.minutes : treatment.defaultDuration,
        source: entry ? 'service_time' : 'treatment_default',
        entry,
      });
    }
  });
  if (parts.length === 0) return { minutes: null, source: 'none', parts };
  const fromMatrix = parts.filter((part) => part.source === 'service_time').length;
  const source: DurationSource = fromMatrix === parts.length ? 'service_times' : fromMatrix === 0 ? 'treatment_defaults' : 'mixed';
  return { minutes: parts.reduce((sum, part) => sum + part.minutes, 0), source, parts };
}
