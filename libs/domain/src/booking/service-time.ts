// R3.09 treatment slot info: how many minutes a treatment takes for a given pet.

export type ServiceTimeEntry = {
  treatmentId: string;
  petType: number;
  breed: string | null;
  size: string | null;
  hair: string | null;
  minutes: number;
};
export type BookingPetTraits = { petType: number; breed: string | null; size: string | null; hair: string | null };
export type BookingTreatment = { id: string; defaultDuration: number };

/** pet_type 1 is a dog like 0 (spec §3 pet types). */
function petKind(petType: number): number {
  return petType === 1 ? 0 : petType;
}

function sameBreed(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The entry's rank when it matches the pet, else -1: more set fields first, then breed > size > hair. */
function specificity(entry: ServiceTimeEntry, pet: BookingPetTraits): number {
  if (petKind(entry.petType) !== petKind(pet.petType)) return -1;
  if (entry.breed !== null && (pet.breed === null || !sameBreed(entry.breed, pet.breed))) return -1;
  if (entry.size !== null && entry.size !== pet.size) return -1;
  if (entry.hair !== null && entry.hair !== pet.hair) return -1;
  const breed = entry.breed !== null ? 1 : 0;
  const size = entry.size !== null ? 1 : 0;
  const hair = entry.hair !== null ? 1 : 0;
  return (breed + size + hair) * 8 + breed * 4 + size * 2 + hair;
}

/**
 * R3.09: the most specific entry of the treatment that matches the pet (null fields match anything; more set
 * fields win; ties: breed before size before hair; then the entry of the pet's own pet_type, then the first),
 * or null when none does.
 */
export function matchingServiceTime(entries: ServiceTimeEntry[], treatmentId: string, pet: BookingPetTraits): ServiceTimeEntry | null {
  let best: ServiceTimeEntry | null = null;
  let bestRank = -1;
  for (const entry of entries) {
    if (entry.treatmentId !== treatmentId) continue;
    const found = specificity(entry, pet);
    if (found < 0) continue;
    const rank = found * 2 + (entry.petType === pet.petType ? 1 : 0);
    if (rank > bestRank) {
      best = entry;
      bestRank = rank;
    }
  }
  return best;
}

/** R3.09: the minutes of the most specific matching entry, else the treatment's default duration. */
export function serviceMinutes(entries: ServiceTimeEntry[], treatment: BookingTreatment, pet: BookingPetTraits): number {
  return matchingServiceTime(entries, treatment.id, pet)?.minutes ?? treatment.defaultDuration;
}

/** The minutes of a booking: every pet gets every chosen treatment. */
export function totalServiceMinutes(entries: ServiceTimeEntry[], treatments: BookingTreatment[], pets: BookingPetTraits[]): number {
  let total = 0;
  for (const pet of pets) for (const treatment of treatments) total += serviceMinutes(entries, treatment, pet);
  return total;
}
