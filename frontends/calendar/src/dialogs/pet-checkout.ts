import type { BodyOf } from '@pawline/api-client';
import { CHECKOUT_PET_FIELDS, type CheckoutAsk, type CheckoutPetField, type Pet } from '@pawline/contracts';
import type { TranslationKey } from '@pawline/i18n';

// spec §5 (R5.13): per organization, each pet field is not asked, asked, or asked and required at check-out.
export { CHECKOUT_PET_FIELDS, type CheckoutAsk, type CheckoutPetField };

type ChoiceLabels<F extends CheckoutPetField> = Record<NonNullable<PetPatch[F]> & string, TranslationKey>;

/** Fields answered by choosing one of these: every value of crm's pet field with its label. */
export const CHECKOUT_CHOICES: Partial<Record<CheckoutPetField, Readonly<Record<string, TranslationKey>>>> = {
  hair: { short: 'clients.hair_short', medium: 'clients.hair_medium', long: 'clients.hair_long' } satisfies ChoiceLabels<'hair'>,
  size: { small: 'clients.size_small', medium: 'clients.size_medium', big: 'clients.size_big' } satisfies ChoiceLabels<'size'>,
  sex: { male: 'clients.sex_male', female: 'clients.sex_female' } satisfies ChoiceLabels<'sex'>,
  colour: {
    orange: 'clients.colour_orange',
    white: 'clients.colour_white',
    grey: 'clients.colour_grey',
    brown: 'clients.colour_brown',
    black: 'clients.colour_black',
    brindle: 'clients.colour_brindle',
  } satisfies ChoiceLabels<'colour'>,
};

export type PetQuestion = { petId: string; petName: string; field: CheckoutPetField; required: boolean; value: string };

function textOf(pet: Pet, field: CheckoutPetField): string {
  const value = pet[field];
  if (value === null || value === undefined) return '';
  return field === 'weight' ? String(value).replace('.', ',') : String(value);
}

/** The questions of a check-out: every asked field of every pet of the appointment, prefilled. */
export function petQuestions(settings: Readonly<Record<string, CheckoutAsk>> | null, pets: readonly Pet[]): PetQuestion[] {
  if (!settings) return [];
  return pets.flatMap((pet) =>
    CHECKOUT_PET_FIELDS.filter((field) => settings[field] === 'ask' || settings[field] === 'ask_required').map((field) => ({
      petId: pet.id,
      petName: pet.name,
      field,
      required: settings[field] === 'ask_required',
      value: textOf(pet, field),
    })),
  );
}

export const questionKey = (q: Pick<PetQuestion, 'petId' | 'field'>) => `${q.petId}.${q.field}`;

/** Keys of required questions left empty, and of weights that are not a number of kg. */
export function checkoutPetErrors(questions: readonly PetQuestion[]): Record<string, 'validation.required' | 'clients.weightInvalid'> {
  const errors: Record<string, 'validation.required' | 'clients.weightInvalid'> = {};
  for (const q of questions) {
    const value = q.value.trim();
    if (q.required && value === '') errors[questionKey(q)] = 'validation.required';
    else if (q.field === 'weight' && value !== '' && !/^\d{1,3}([.,]\d{1,2})?$/.test(value))
      errors[questionKey(q)] = 'clients.weightInvalid';
  }
  return errors;
}

/** The check-out's part of a pet update (PUT .../pet/{id}). */
export type PetPatch = Pick<BodyOf<'updatePet'>, CheckoutPetField>;

/** Only what the answers changed, per pet, typed as crm's pet fields (weight in kg, empty is null). */
export function petPatches(questions: readonly PetQuestion[], pets: readonly Pet[]): Map<string, PetPatch> {
  const patches = new Map<string, PetPatch>();
  for (const q of questions) {
    const pet = pets.find((p) => p.id === q.petId);
    if (!pet || q.value.trim() === textOf(pet, q.field)) continue;
    const value = q.value.trim();
    const typed = value === '' ? null : q.field === 'weight' ? Number(value.replace(',', '.')) : value;
    // a choice's value is one of CHECKOUT_CHOICES, which are checked against the contract above
    patches.set(q.petId, { ...patches.get(q.petId), [q.field]: typed });
  }
  return patches;
}
