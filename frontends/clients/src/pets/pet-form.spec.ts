import {
  emptyPetForm,
  parseWeight,
  PET_COLOURS,
  PET_HAIRS,
  PET_SIZES,
  PET_TYPE_OPTIONS,
  petFormFrom,
  petRequest,
  validatePetForm,
} from './pet-form';
import { petTypeKey } from './pet-labels';

describe('pet form', () => {
  it('R3.06 offers the spec’s pet types, coats, sizes and six colours', () => {
    expect([...PET_TYPE_OPTIONS].sort()).toEqual([-1, 0, 2, 3]);
    expect(petTypeKey(1)).toBe(petTypeKey(0));
    expect(petTypeKey(2)).toBe('clients.petType_cat');
    expect(petTypeKey(-1)).toBe('clients.petType_placeholder');
    expect(PET_HAIRS).toEqual(['short', 'medium', 'long']);
    expect(PET_SIZES).toEqual(['small', 'medium', 'big']);
    expect(PET_COLOURS).toEqual(['orange', 'white', 'grey', 'brown', 'black', 'brindle']);
  });

  it('R3.06 writes every pet field, empty ones as null, weight with a comma', () => {
    const form = {
      ...emptyPetForm(),
      name: ' Fido ',
      pet_type: '2',
      hair: 'long',
      size: 'small',
      sex: 'female',
      born: '2020-05-01',
      weight: '4,25',
      sterilized: 'yes' as const,
      colour: 'brindle',
      medical: 'Diabetic',
      tag_ids: ['t2', 't1'],
    };
    expect(petRequest(form)).toEqual({
      name: 'Fido',
      pet_type: 2,
      breed: null,
      hair: 'long',
      size: 'small',
      sex: 'female',
      born: '2020-05-01',
      weight: 4.25,
      allergies: null,
      sterilized: true,
      vaccinated: null,
      colour: 'brindle',
      microchip: null,
      attitude: null,
      notes: null,
      medical: 'Diabetic',
      tags: [
        { tag_id: 't2', tag_order: 0 },
        { tag_id: 't1', tag_order: 1 },
      ],
    });
    expect(parseWeight('')).toBeNull();
    expect(parseWeight('abc')).toBeNaN();
  });

  it('R5.01 requires the name; a weight must be a number and born not in the future', () => {
    expect(validatePetForm({ ...emptyPetForm(), weight: 'heavy', born: '2030-01-01' }, '2026-11-22')).toEqual({
      name: 'validation.required',
      weight: 'clients.weightInvalid',
      born: 'clients.bornInvalid',
    });
    expect(validatePetForm({ ...emptyPetForm(), name: 'Rex', weight: '12.5', born: '2026-11-22' }, '2026-11-22')).toEqual({});
  });

  it('reads a stored pet back into the form', () => {
    const form = petFormFrom({
      pet: {
        id: 'p',
        orga_id: 'o',
        store_id: 's',
        customer_id: 'c',
        name: 'Luna',
        pet_type: 0,
        breed: 'Barboncino',
        hair: 'medium',
        size: null,
        sex: 'female',
        born: null,
        weight: 7.5,
        allergies: null,
        sterilized: false,
        vaccinated: true,
        colour: 'white',
        microchip: '380260000000001',
        attitude: null,
        notes: null,
        medical: null,
        image_ids: [],
        created_at: '',
        updated_at: '',
      },
      tags: [{ tag_id: 'x', tag_order: 0, name: 'Morde', icon: 6, emoji: null }],
    });
    expect(form).toMatchObject({ name: 'Luna', weight: '7,5', sterilized: 'no', vaccinated: 'yes', colour: 'white', tag_ids: ['x'] });
  });
});
