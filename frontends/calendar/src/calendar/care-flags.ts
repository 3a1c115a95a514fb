import type { CareSettings, PetCard } from '@pawline/contracts';
import { blocksGrooming, requiredVaccines, vaccinationStatus, type VaccineRequirement } from '@pawline/domain';

// Issue 31 the calendar's vaccination flag (ADR 0062): the pet cards carry only each vaccine's latest verified
// end, the store's requirement is read once, and libs/domain's rule decides on the appointment's own day.

/** The pets of an appointment whose required vaccine is missing or expired on its day, with those vaccines. */
export type CareFlag = { state: 'missing' | 'expired'; pets: { pet_id: string; name: string; vaccines: string[] }[] };

type Requirement = Pick<CareSettings, 'expiring_days'> & { requirements: readonly VaccineRequirement[] };

export function careFlagOf(
  pets: readonly (Pick<PetCard, 'pet_id' | 'name' | 'vaccinations'> & { pet_type: number })[],
  treatmentIds: readonly string[],
  date: string,
  settings: Requirement | undefined,
): CareFlag | null {
  if (!settings || settings.requirements.length === 0) return null;
  let state: CareFlag['state'] = 'expired';
  const flagged: CareFlag['pets'] = [];
  for (const pet of pets) {
    // an older crm answers no vaccinations: nothing to judge by, so no flag rather than a false alarm
    if (!pet.vaccinations) continue;
    const required = requiredVaccines(settings.requirements, pet.pet_type, treatmentIds);
    const records = pet.vaccinations.map((v) => ({ vaccine: v.vaccine, valid_until: v.valid_until, verified: true }));
    const status = vaccinationStatus(records, required, date, settings.expiring_days);
    if (!blocksGrooming(status.state)) continue;
    if (status.state === 'missing') state = 'missing';
    flagged.push({
      pet_id: pet.pet_id,
      name: pet.name,
      vaccines: status.vaccines.filter((v) => blocksGrooming(v.state)).map((v) => v.vaccine),
    });
  }
  return flagged.length > 0 ? { state, pets: flagged } : null;
}
