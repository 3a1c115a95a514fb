import { emptyStoreForm, storeFields, validateStoreForm } from './store-form';

describe('store form', () => {
  it('R5.01 R5.05 asks for name and country and checks the phone and time zone', () => {
    const errors = validateStoreForm({ ...emptyStoreForm(null), phone: 'call me', time_zone: 'Mars/Olympus' });
    expect(errors).toEqual({
      name: 'validation.required',
      country: 'validation.required',
      phone: 'validation.phoneFormat',
      time_zone: 'settings.timeZoneInvalid',
    });
  });

  it('R3.04 proposes the country zone and sends address_from_orga without an own address', () => {
    const form = { ...emptyStoreForm('IT'), name: ' Centro ', address: 'Via Roma 1', address_from_orga: true, phone: '+39 06 555 1234' };
    expect(form.time_zone).toBe('Europe/Rome');
    expect(validateStoreForm(form)).toEqual({});
    expect(storeFields(form)).toEqual({
      name: 'Centro',
      address: null,
      city: null,
      zip_code: null,
      country: 'IT',
      address_from_orga: true,
      phone: '+39 06 555 1234',
      time_zone: 'Europe/Rome',
    });
  });
});
