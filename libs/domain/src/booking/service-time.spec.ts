import { serviceMinutes, totalServiceMinutes, type BookingPetTraits, type ServiceTimeEntry } from './service-time';

const BATH = { id: 'bath', defaultDuration: 45 };
const CUT = { id: 'cut', defaultDuration: 60 };

function entry(fields: Partial<ServiceTimeEntry> & { minutes: number }): ServiceTimeEntry {
  return { treatmentId: 'bath', petType: 0, breed: null, size: null, hair: null, ...fields };
}
function pet(fields: Partial<BookingPetTraits> = {}): BookingPetTraits {
  return { petType: 0, breed: null, size: null, hair: null, ...fields };
}

const entries: ServiceTimeEntry[] = [
  entry({ minutes: 50 }),
  entry({ size: 'big', minutes: 70 }),
  entry({ hair: 'long', minutes: 65 }),
  entry({ breed: 'Poodle', minutes: 80 }),
  entry({ size: 'big', hair: 'long', minutes: 90 }),
  entry({ breed: 'Poodle', hair: 'long', minutes: 95 }),
  entry({ petType: 2, minutes: 30 }),
  entry({ treatmentId: 'cut', size: 'small', minutes: 40 }),
];

describe('service minutes', () => {
  it('R3.09 the entry with the most matching fields wins', () => {
    expect(serviceMinutes(entries, BATH, pet({ size: 'big', hair: 'long' }))).toBe(90);
    expect(serviceMinutes(entries, BATH, pet({ breed: 'Poodle', hair: 'long' }))).toBe(95);
    expect(serviceMinutes(entries, BATH, pet({ size: 'big', hair: 'short' }))).toBe(70);
  });

  it('R3.09 on a tie breed beats size, and size beats hair', () => {
    expect(serviceMinutes(entries, BATH, pet({ breed: 'Poodle', size: 'big' }))).toBe(80);
    expect(serviceMinutes(entries, BATH, pet({ size: 'big', hair: 'long', breed: 'Poodle' }))).toBe(95);
    const sizeOrHair = [entry({ hair: 'short', minutes: 20 }), entry({ size: 'small', minutes: 25 })];
    expect(serviceMinutes(sizeOrHair, BATH, pet({ size: 'small', hair: 'short' }))).toBe(25);
  });

  it('R3.09 a set field matches only the same value; a pet without it falls back to entries that leave it open', () => {
    expect(serviceMinutes(entries, BATH, pet({ breed: 'Beagle', size: 'medium' }))).toBe(50);
    expect(serviceMinutes(entries, BATH, pet({ breed: null, hair: 'long' }))).toBe(65);
    expect(serviceMinutes(entries, BATH, pet({ breed: ' poodle ' }))).toBe(80);
  });

  it('R3.09 without a matching entry the treatment’s default duration counts', () => {
    expect(serviceMinutes(entries, CUT, pet({ size: 'big' }))).toBe(60);
    expect(serviceMinutes(entries, BATH, pet({ petType: 3 }))).toBe(45);
    expect(serviceMinutes([], BATH, pet())).toBe(45);
  });

  it('pet_type 1 is a dog like 0, an entry of the pet’s own type wins a tie', () => {
    expect(serviceMinutes(entries, BATH, pet({ petType: 1, size: 'big' }))).toBe(70);
    expect(serviceMinutes([entry({ petType: 1, minutes: 55 })], BATH, pet({ petType: 0 }))).toBe(55);
    const both = [entry({ petType: 0, minutes: 50 }), entry({ petType: 1, minutes: 55 })];
    expect(serviceMinutes(both, BATH, pet({ petType: 1 }))).toBe(55);
    expect(serviceMinutes(both, BATH, pet({ petType: 0 }))).toBe(50);
    expect(serviceMinutes(entries, BATH, pet({ petType: 2, size: 'big' }))).toBe(30);
  });

  it('a booking takes every chosen treatment for every pet', () => {
    const pets = [pet({ size: 'big', hair: 'long' }), pet({ petType: 2 }), pet({ size: 'small' })];
    // bath: 90 + 30 + 50, cut: 60 + 60 + 40
    expect(totalServiceMinutes(entries, [BATH, CUT], pets)).toBe(330);
    expect(totalServiceMinutes(entries, [], pets)).toBe(0);
  });
});
