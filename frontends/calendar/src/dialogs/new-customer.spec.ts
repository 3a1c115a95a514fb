import { customerBodyOf, newCustomerFormOf, petBodyOf, validateNewCustomer } from './new-customer';

describe('new customer on the phone (issues 26, 29)', () => {
  it('issue 29 the searched text becomes the name, or the phone when it is a number', () => {
    expect(newCustomerFormOf('Marco  Bianchi Rossi')).toMatchObject({ first_name: 'Marco', last_name: 'Bianchi Rossi', fon: '' });
    expect(newCustomerFormOf('+39 333 1234567')).toMatchObject({ first_name: '', last_name: '', fon: '+39 333 1234567' });
    expect(newCustomerFormOf('')).toMatchObject({ first_name: '', pet_type: '0' });
  });

  it('issue 29 a first name and the pet name are asked; a phone must look like one', () => {
    const form = newCustomerFormOf('Marco');
    expect(validateNewCustomer(form)).toEqual({ pet_name: 'validation.required' });
    expect(validateNewCustomer({ ...form, first_name: ' ', pet_name: 'Birba', fon: 'call me' })).toEqual({
      first_name: 'validation.required',
      fon: 'validation.phoneFormat',
    });
    expect(validateNewCustomer({ ...form, pet_name: 'Birba', fon: '0471 22 33 44' })).toEqual({});
  });

  it('issue 29 the crm bodies: trimmed, an empty phone is none, the pet belongs to the new customer', () => {
    const form = { ...newCustomerFormOf(' Marco Bianchi '), pet_name: ' Birba ', pet_type: '2', size: 'big' as const, hair: '' as const };
    expect(customerBodyOf(form)).toEqual({ first_name: 'Marco', last_name: 'Bianchi', fon: null });
    expect(petBodyOf(form, 'c1')).toEqual({ customer_id: 'c1', name: 'Birba', pet_type: 2, size: 'big', hair: null });
  });
});
