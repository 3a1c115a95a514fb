import {
  advance,
  anotherBooking,
  contactErrors,
  customerErrors,
  emptyContact,
  initialState,
  petErrors,
  requestPets,
  restartAt,
  retreat,
} from './booking-state';

describe('the booking flow state', () => {
  it('Back returns through the steps taken, and stops at the first', () => {
    const state = initialState();
    advance(state, 'customer');
    advance(state, 'pets');
    state.fieldErrors = { fon: 'fonInvalid' };
    expect(retreat(state)).toBe(true);
    expect(state).toMatchObject({ step: 'customer', fieldErrors: {} });
    expect(retreat(state)).toBe(true);
    expect(state.step).toBe('pet');
    expect(retreat(state)).toBe(false);
    advance(state, 'treatments');
    restartAt(state, 'done');
    expect(state.history).toEqual([]);
  });

  it('asks for the pet’s type, size, coat and name; phone and last name for a known customer', () => {
    expect(petErrors({ name: ' ', pet_type: '', size: 'small', hair: '' })).toEqual({
      pet_type: 'required',
      hair: 'required',
      name: 'required',
    });
    expect(petErrors({ name: 'Fido', pet_type: '0', size: 'small', hair: 'short' })).toEqual({});
    expect(customerErrors({ ...emptyContact(), fon: ' 123 ', last_name: '' })).toEqual({ fon: 'fonInvalid', last_name: 'required' });
  });

  it('the contact needs names, a phone, a well-formed e-mail if any, and the privacy consent', () => {
    const contact = { ...emptyContact(), first_name: 'Maria', last_name: 'Bianchi', fon: '+39 333 1234567' };
    expect(contactErrors(contact)).toEqual({ accept_privacy: 'privacyRequired' });
    expect(contactErrors({ ...contact, accept_privacy: true, email: 'maria@' })).toEqual({ email: 'emailInvalid' });
    expect(contactErrors({ ...contact, accept_privacy: true, email: ' ' })).toEqual({});
  });

  it('the request’s pets: the described one (trimmed, type as a number), or the known customer’s chosen ones', () => {
    const state = initialState();
    state.newPet = { name: ' Fido ', pet_type: '2', size: 'small', hair: 'long' };
    expect(requestPets(state)).toEqual([{ pet_id: null, name: 'Fido', pet_type: 2, breed: null, size: 'small', hair: 'long' }]);
    const pet = (id: string, name: string) => ({ pet_id: id, name, pet_type: 1, breed: 'Poodle', size: 'medium', hair: 'short' });
    state.known = { fon: '333', last_name: 'Bianchi', pets: [pet('p1', 'Rex'), pet('p2', 'Luna')] };
    state.knownChosen = new Set(['p2']);
    expect(requestPets(state)).toEqual([pet('p2', 'Luna')]);
  });

  it('another booking starts at the pet and keeps who the customer is, not the consents or notes', () => {
    const state = initialState();
    state.contact = {
      ...emptyContact(),
      first_name: 'Maria',
      last_name: 'B',
      fon: '333',
      email: 'm@x.it',
      notes: 'hi',
      accept_privacy: true,
    };
    state.treatmentIds.add('t1');
    advance(state, 'done');
    anotherBooking(state);
    expect(state).toMatchObject({ step: 'pet', history: [], booked: null, slot: null });
    expect(state.treatmentIds.size).toBe(0);
    expect(state.contact).toEqual({ ...emptyContact(), first_name: 'Maria', last_name: 'B', fon: '333', email: 'm@x.it' });
  });
});
