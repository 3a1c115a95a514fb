import type { Pet } from '@pawline/contracts';
import { checkoutPetErrors, petPatches, petQuestions } from './pet-checkout';

const fido = { id: 'p1', name: 'Fido', breed: 'Beagle', hair: null, size: 'medium', weight: 12.5, microchip: null } as unknown as Pet;
const luna = { id: 'p2', name: 'Luna', breed: null, hair: 'long', size: null, weight: null, microchip: null } as unknown as Pet;

describe('pet information at check-out', () => {
  it('R5.13 asks the fields the organization asks for, for every pet, prefilled; none without settings', () => {
    const questions = petQuestions({ breed: 'ask', weight: 'ask_required', hair: 'do_not_ask' }, [fido, luna]);
    expect(questions.map((q) => [q.petName, q.field, q.required, q.value])).toEqual([
      ['Fido', 'breed', false, 'Beagle'],
      ['Fido', 'weight', true, '12,5'],
      ['Luna', 'breed', false, ''],
      ['Luna', 'weight', true, ''],
    ]);
    expect(petQuestions(null, [fido])).toEqual([]);
  });

  it('R5.13 a required answer must be given; a weight must be kg', () => {
    const questions = petQuestions({ weight: 'ask_required', breed: 'ask' }, [fido, luna]);
    expect(checkoutPetErrors(questions)).toEqual({ 'p2.weight': 'validation.required' });
    const answered = questions.map((q) => (q.petId === 'p2' && q.field === 'weight' ? { ...q, value: 'heavy' } : q));
    expect(checkoutPetErrors(answered)).toEqual({ 'p2.weight': 'clients.weightInvalid' });
  });

  it('saves only changed answers, typed: weight in kg, emptied text as null', () => {
    const questions = petQuestions({ weight: 'ask', breed: 'ask' }, [fido, luna]).map((q) => {
      if (q.petId === 'p1' && q.field === 'breed') return { ...q, value: '' };
      if (q.petId === 'p2' && q.field === 'weight') return { ...q, value: '8,25' };
      return q;
    });
    expect(Object.fromEntries(petPatches(questions, [fido, luna]))).toEqual({ p1: { breed: null }, p2: { weight: 8.25 } });
  });
});
