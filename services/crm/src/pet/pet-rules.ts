import type { PetFields } from '@pawline/contracts';
import { DETAILED_PET_NOTE_FIELDS } from '@pawline/domain';

/** The pet as stored: every field resolved. */
export type PetValues = {
  name: string;
  pet_type: number;
  breed: string | null;
  hair: string | null;
  size: string | null;
  sex: string | null;
  born: string | null;
  weight: number | null;
  allergies: string | null;
  sterilized: boolean | null;
  vaccinated: boolean | null;
  colour: string | null;
  microchip: string | null;
  attitude: string | null;
  notes: string | null;
  medical: string | null;
};

const TEXT_FIELDS = ['breed', 'allergies', 'microchip', 'attitude', 'notes', 'medical'] as const;

/** R3.06 applies a create or a partial update onto the stored values; pet_type defaults to 0 (dog). */
export function mergePet(base: PetValues | null, input: Partial<PetFields>): PetValues {
  const values: PetValues = base
    ? { ...base }
    : {
        name: '',
        pet_type: 0,
        breed: null,
        hair: null,
        size: null,
        sex: null,
        born: null,
        weight: null,
        allergies: null,
        sterilized: null,
        vaccinated: null,
        colour: null,
        microchip: null,
        attitude: null,
        notes: null,
        medical: null,
      };
  for (const [key, value] of Object.entries(input) as [keyof PetValues, unknown][]) {
    if (value === undefined || !(key in values)) continue;
    (values as Record<string, unknown>)[key] = value;
  }
  for (const key of TEXT_FIELDS) {
    const value = values[key];
    values[key] = value === null || value.trim() === '' ? null : value.trim();
  }
  values.name = values.name.trim();
  return values;
}

/** A real calendar date not in the future (born). */
export function bornProblem(born: string | null, today: Date = new Date()): string | null {
  if (born === null) return null;
  const date = new Date(`${born}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== born) return 'validation.date';
  if (date.getTime() > today.getTime()) return 'validation.dateInFuture';
  return null;
}

/**
 * R1.20 detailed pet notes (behaviour, notes, medical) are a premium feature: whether this create or
 * update writes one of them with a new value. Keeping or clearing what is stored is always allowed,
 * so a salon that lost the feature can still edit the rest of the pet.
 */
export function writesDetailedNotes(before: PetValues | null, after: PetValues): boolean {
  return DETAILED_PET_NOTE_FIELDS.some((key) => after[key] !== null && after[key] !== (before?.[key] ?? null));
}
