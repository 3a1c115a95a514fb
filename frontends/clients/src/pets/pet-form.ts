import { PET_TYPES, type PetDetail } from '@pawline/contracts';
import { validateRequired } from '@pawline/domain';
import type { TranslationKey } from '@pawline/i18n';
import type { PetWrite } from '../api/crm-api';
import { orderedAssignments, sortAssigned } from '../tags/tag-icons';

export { PET_COLOURS, PET_HAIRS, PET_SEXES, PET_SIZES } from '@pawline/contracts';

/** spec §3 the pet types the form offers: 0 for a dog (1 is a dog too), then cat, rabbit and the placeholder. */
export const PET_TYPE_OPTIONS = [PET_TYPES.dog, PET_TYPES.cat, PET_TYPES.rabbit, PET_TYPES.placeholder] as const;

export type TriState = '' | 'yes' | 'no';

/** R3.06 the pet page's form. Selects hold '' for "not given". */
export type PetForm = {
  name: string;
  pet_type: string;
  breed: string;
  hair: string;
  size: string;
  sex: string;
  born: string;
  weight: string;
  allergies: string;
  sterilized: TriState;
  vaccinated: TriState;
  colour: string;
  microchip: string;
  attitude: string;
  notes: string;
  medical: string;
  tag_ids: string[];
};

export type PetFormErrors = Partial<Record<'name' | 'weight' | 'born' | 'customer', TranslationKey>>;

export function emptyPetForm(): PetForm {
  return {
    name: '',
    pet_type: '0',
    breed: '',
    hair: '',
    size: '',
    sex: '',
    born: '',
    weight: '',
    allergies: '',
    sterilized: '',
    vaccinated: '',
    colour: '',
    microchip: '',
    attitude: '',
    notes: '',
    medical: '',
    tag_ids: [],
  };
}

function tri(value: boolean | null): TriState {
  return value === null ? '' : value ? 'yes' : 'no';
}

export function petFormFrom(detail: PetDetail): PetForm {
  const p = detail.pet;
  return {
    name: p.name,
    // 1 is the old code for dog: shown and saved as 0 only when the user changes the type
    pet_type: String(p.pet_type),
    breed: p.breed ?? '',
    hair: p.hair ?? '',
    size: p.size ?? '',
    sex: p.sex ?? '',
    born: p.born ?? '',
    weight: p.weight === null ? '' : String(p.weight).replace('.', ','),
    allergies: p.allergies ?? '',
    sterilized: tri(p.sterilized),
    vaccinated: tri(p.vaccinated),
    colour: p.colour ?? '',
    microchip: p.microchip ?? '',
    attitude: p.attitude ?? '',
    notes: p.notes ?? '',
    medical: p.medical ?? '',
    tag_ids: sortAssigned(detail.tags).map((tag) => tag.tag_id),
  };
}

/** '12,5' or '12.5' → 12.5; '' → null; anything else → NaN. */
export function parseWeight(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d{1,3}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** R5.01 the name is required; a weight is a number from 0 to 500; born is not in the future. */
export function validatePetForm(form: PetForm, today: string): PetFormErrors {
  const errors: PetFormErrors = {};
  const name = validateRequired(form.name);
  if (name) errors.name = name;
  const weight = parseWeight(form.weight);
  if (weight !== null && (Number.isNaN(weight) || weight > 500)) errors.weight = 'clients.weightInvalid';
  if (form.born !== '' && (!/^\d{4}-\d{2}-\d{2}$/.test(form.born) || form.born > today)) errors.born = 'clients.bornInvalid';
  return errors;
}

function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

function triValue(value: TriState): boolean | null {
  return value === '' ? null : value === 'yes';
}

export function petRequest(form: PetForm): PetWrite {
  const weight = parseWeight(form.weight);
  return {
    name: form.name.trim(),
    pet_type: Number(form.pet_type) as -1 | 0 | 1 | 2 | 3,
    breed: textOrNull(form.breed),
    hair: (form.hair || null) as PetWrite['hair'],
    size: (form.size || null) as PetWrite['size'],
    sex: (form.sex || null) as PetWrite['sex'],
    born: form.born || null,
    weight: weight === null || Number.isNaN(weight) ? null : weight,
    allergies: textOrNull(form.allergies),
    sterilized: triValue(form.sterilized),
    vaccinated: triValue(form.vaccinated),
    colour: (form.colour || null) as PetWrite['colour'],
    microchip: textOrNull(form.microchip),
    attitude: textOrNull(form.attitude),
    notes: textOrNull(form.notes),
    medical: textOrNull(form.medical),
    tags: orderedAssignments(form.tag_ids),
  };
}
