import { storeAddressLine } from './store-address';

describe('storeAddressLine (issue 27: the address of a booking confirmation)', () => {
  const orga = { address: 'Via Roma 1', zipCode: '00100', city: 'Roma' };

  it("joins a store's own street, post code and city", () => {
    expect(storeAddressLine({ address: 'Corso Italia 5', zipCode: '20122', city: 'Milano', addressFromOrga: false }, orga)).toBe(
      'Corso Italia 5, 20122 Milano',
    );
  });

  it("takes the organization's address when the store uses it", () => {
    expect(storeAddressLine({ address: null, zipCode: null, city: null, addressFromOrga: true }, orga)).toBe('Via Roma 1, 00100 Roma');
  });

  it('leaves out missing parts and answers null when nothing is known', () => {
    expect(storeAddressLine({ address: '  ', zipCode: null, city: 'Bern', addressFromOrga: false }, orga)).toBe('Bern');
    expect(storeAddressLine({ address: null, zipCode: null, city: null, addressFromOrga: false }, orga)).toBeNull();
    expect(storeAddressLine({ address: null, zipCode: null, city: null, addressFromOrga: true }, null)).toBeNull();
  });
});
