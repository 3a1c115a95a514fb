import { SEARCH_GROUP_SIZE } from '@pawline/contracts';
import { joinSearchResults, matchedPhone, searchedPetIds, type FoundCustomer, type FoundPet } from './search-everywhere';
import { foldText, paletteTermOf, phoneTermOf, searchTermText } from './search-text';

const maria: FoundCustomer = {
  id: 'c1',
  first_name: 'Maria',
  last_name: 'Hall',
  fon: '+39 333 1234567',
  fon_2: '02 555 0101',
  pet_names: ['Fido'],
};
const ugo: FoundCustomer = { id: 'c2', first_name: 'Ugo', last_name: 'Hall', fon: null, fon_2: null, pet_names: ['Luna'] };
const fido: FoundPet = { id: 'p1', name: 'Fido', customer_id: 'c1' };
const luna: FoundPet = { id: 'p2', name: 'Luna', customer_id: 'c2', owner: { first_name: 'Ugo', last_name: 'Hall' } };
const stray: FoundPet = { id: 'p3', name: 'Fidolina', customer_id: 'c9' };

const appointment = (id: string, startsAt: string) => ({
  id,
  date: startsAt.slice(0, 10),
  hour: Number(startsAt.slice(11, 13)),
  min: 0,
  starts_at: startsAt,
  app_name: null,
});

describe('the search term (issue 29)', () => {
  it('reads a phone number as its digits and anything else folded, as crm matches it', () => {
    expect(phoneTermOf('+39 333-12')).toBe('3933312');
    expect(phoneTermOf('02/555.01')).toBe('0255501');
    expect(phoneTermOf('(02) 555')).toBeNull();
    expect(phoneTermOf('12')).toBeNull();
    expect(phoneTermOf('Fido 3')).toBeNull();
    expect(searchTermText(' Müller ')).toBe('muller');
    expect(searchTermText('333 12')).toBe('33312');
    expect(foldText('  BÉLLA   Rossi ')).toBe('bella rossi');
  });

  it('the palette searches from two characters on, trimmed', () => {
    expect(paletteTermOf('')).toBeNull();
    expect(paletteTermOf(' f ')).toBeNull();
    expect(paletteTermOf(' fi ')).toBe('fi');
  });
});

describe('joinSearchResults (issue 29 the command palette)', () => {
  it('names the phone number a phone term found, fon before fon_2, and none for a name', () => {
    expect(matchedPhone(maria, '333 123')).toBe('+39 333 1234567');
    expect(matchedPhone(maria, '555-0101')).toBe('02 555 0101');
    expect(matchedPhone(maria, '777')).toBeNull();
    expect(matchedPhone(maria, 'Maria')).toBeNull();
  });

  it('asks for the appointments of the pets found and of the customers found, each pet once, within the cap', () => {
    expect(searchedPetIds([fido], [fido, luna], 10)).toEqual(['p1', 'p2']);
    expect(searchedPetIds([fido, stray], [luna], 2)).toEqual(['p1', 'p3']);
  });

  it("names each pet's owner from the pet list or the customers found, and leaves out a pet whose owner it cannot name", () => {
    const found = joinSearchResults({
      q: 'fi',
      customers: [maria],
      pets: [fido, luna, stray],
      customersPets: [],
      appointments: { items: [], pets: [] },
    });
    expect(found.pets).toEqual([
      { id: 'p1', name: 'Fido', customer_id: 'c1', owner_first_name: 'Maria', owner_last_name: 'Hall' },
      { id: 'p2', name: 'Luna', customer_id: 'c2', owner_first_name: 'Ugo', owner_last_name: 'Hall' },
    ]);
  });

  it('lists appointments soonest first with every pet and the owner of the first, and drops those of unknown pets', () => {
    const found = joinSearchResults({
      q: 'hall',
      customers: [maria, ugo],
      pets: [],
      customersPets: [fido, luna],
      appointments: {
        items: [
          appointment('a2', '2026-12-10T14:00:00Z'),
          appointment('a1', '2026-12-09T09:00:00Z'),
          appointment('a3', '2026-12-08T09:00:00Z'),
        ],
        pets: [
          { appointment_id: 'a1', pet_id: 'p1' },
          { appointment_id: 'a1', pet_id: 'p2' },
          { appointment_id: 'a2', pet_id: 'p2' },
          { appointment_id: 'a3', pet_id: 'p-unknown' },
        ],
      },
    });
    expect(found.appointments.map((a) => [a.id, a.pet_names, a.customer_first_name])).toEqual([
      ['a1', ['Fido', 'Luna'], 'Maria'],
      ['a2', ['Luna'], 'Ugo'],
    ]);
    expect(found.customers.map((c) => [c.id, c.phone_match])).toEqual([
      ['c1', null],
      ['c2', null],
    ]);
  });

  it(`shows at most ${SEARCH_GROUP_SIZE} of each kind`, () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...maria, id: `c${i}` }));
    const pets = Array.from({ length: 8 }, (_, i) => ({ ...fido, id: `p${i}`, customer_id: 'c0' }));
    const items = Array.from({ length: 8 }, (_, i) => appointment(`a${i}`, `2026-12-1${i}T09:00:00Z`));
    const found = joinSearchResults({
      q: '333',
      customers: many,
      pets,
      customersPets: [],
      appointments: { items, pets: items.map((a, i) => ({ appointment_id: a.id, pet_id: `p${i}` })) },
    });
    expect([found.customers.length, found.pets.length, found.appointments.length]).toEqual([5, 5, 5]);
    expect(found.customers[0]?.phone_match).toBe('+39 333 1234567');
    expect(found.appointments.map((a) => a.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
  });
});
