import { createPetRpc, petSchema } from '@pawline/contracts';
import { bornProblem, mergePet, writesDetailedNotes } from './pet-rules';

const ids = {
  orga_id: '2f7c7d3e-4a57-4c4e-9a39-7d0c2b0f4b11',
  store_id: '2f7c7d3e-4a57-4c4e-9a39-7d0c2b0f4b12',
  customer_id: '2f7c7d3e-4a57-4c4e-9a39-7d0c2b0f4b13',
};

describe('pet rules', () => {
  it('R3.06 pet_type is 0 or 1 dog, 2 cat, 3 rabbit, -1 placeholder', () => {
    for (const pet_type of [-1, 0, 1, 2, 3]) expect(createPetRpc.request.safeParse({ ...ids, name: 'Fido', pet_type }).success).toBe(true);
    expect(createPetRpc.request.safeParse({ ...ids, name: 'Fido', pet_type: 4 }).success).toBe(false);
    expect(mergePet(null, { name: ' Fido ' })).toMatchObject({ name: 'Fido', pet_type: 0 });
  });

  it('R3.06 hair short/medium/long, size small/medium/big, the six colours', () => {
    const ok = { ...ids, name: 'Fido', hair: 'long', size: 'big', sex: 'female', colour: 'brindle' };
    expect(createPetRpc.request.safeParse(ok).success).toBe(true);
    expect(createPetRpc.request.safeParse({ ...ok, hair: 'curly' }).success).toBe(false);
    expect(createPetRpc.request.safeParse({ ...ok, size: 'huge' }).success).toBe(false);
    for (const colour of ['orange', 'white', 'grey', 'brown', 'black', 'brindle']) {
      expect(createPetRpc.request.safeParse({ ...ok, colour }).success).toBe(true);
    }
    expect(createPetRpc.request.safeParse({ ...ok, colour: 'pink' }).success).toBe(false);
    expect(Object.keys(petSchema.shape)).toEqual(
      expect.arrayContaining([
        'customer_id',
        'breed',
        'born',
        'weight',
        'allergies',
        'sterilized',
        'vaccinated',
        'microchip',
        'attitude',
        'notes',
        'medical',
        'image_ids',
      ]),
    );
  });

  it('R3.06 a partial update keeps the other fields and clears blanks', () => {
    const fido = mergePet(null, { name: 'Fido', breed: 'Beagle', weight: 12.5 });
    const updated = mergePet(fido, { breed: ' ', medical: 'Otitis' });
    expect(updated).toMatchObject({ name: 'Fido', breed: null, weight: 12.5, medical: 'Otitis' });
  });

  it('accepts a real past birth date only', () => {
    const today = new Date('2026-11-22T10:00:00Z');
    expect(bornProblem('2020-02-29', today)).toBeNull();
    expect(bornProblem('2021-02-29', today)).toBe('validation.date');
    expect(bornProblem('2027-01-01', today)).toBe('validation.dateInFuture');
  });
});

describe('detailed pet notes (R1.20)', () => {
  it('R1.20 a new or changed behaviour, notes or medical value writes detailed notes; keeping or clearing them does not', () => {
    const stored = mergePet(null, { name: 'Fido', notes: 'Old note' });
    expect(writesDetailedNotes(null, mergePet(null, { name: 'Fido' }))).toBe(false);
    expect(writesDetailedNotes(null, mergePet(null, { name: 'Fido', medical: 'Oats' }))).toBe(true);
    expect(writesDetailedNotes(stored, mergePet(stored, { breed: 'Beagle' }))).toBe(false);
    expect(writesDetailedNotes(stored, mergePet(stored, { notes: '  Old note ' }))).toBe(false);
    expect(writesDetailedNotes(stored, mergePet(stored, { notes: null }))).toBe(false);
    expect(writesDetailedNotes(stored, mergePet(stored, { attitude: 'Bites' }))).toBe(true);
    expect(writesDetailedNotes(stored, mergePet(stored, { allergies: 'Dust' }))).toBe(false);
  });
});
