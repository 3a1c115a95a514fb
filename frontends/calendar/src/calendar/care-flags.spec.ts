import { careFlagOf } from './care-flags';

const BATH = '11111111-1111-4111-8111-111111111111';
const CUT = '22222222-2222-4222-8222-222222222222';
const settings = {
  requirements: [
    { pet_type: 0, vaccine: 'rabies', treatment_ids: [] },
    { pet_type: 0, vaccine: 'kennel_cough', treatment_ids: [BATH] },
  ],
  expiring_days: 30,
};
const fido = (vaccinations?: { vaccine: string; valid_until: string }[]) => ({ pet_id: 'p1', name: 'Fido', pet_type: 1, vaccinations });

describe('issue 31 the calendar vaccination flag', () => {
  it('flags a pet without its required vaccine, naming it', () => {
    expect(careFlagOf([fido([])], [CUT], '2027-03-08', settings)).toEqual({
      state: 'missing',
      pets: [{ pet_id: 'p1', name: 'Fido', vaccines: ['rabies'] }],
    });
  });

  it('judges on the appointment day: valid today, expired by a booking next month', () => {
    const pets = [fido([{ vaccine: 'rabies', valid_until: '2027-03-31' }])];
    expect(careFlagOf(pets, [CUT], '2027-03-31', settings)).toBeNull();
    expect(careFlagOf(pets, [CUT], '2027-04-01', settings)).toEqual({
      state: 'expired',
      pets: [{ pet_id: 'p1', name: 'Fido', vaccines: ['rabies'] }],
    });
  });

  it('asks kennel cough only for the treatments that require it', () => {
    const pets = [fido([{ vaccine: 'rabies', valid_until: '2029-01-01' }])];
    expect(careFlagOf(pets, [CUT], '2027-03-08', settings)).toBeNull();
    expect(careFlagOf(pets, [BATH], '2027-03-08', settings)?.pets[0]?.vaccines).toEqual(['kennel_cough']);
  });

  it('says nothing without a requirement, or for a card of an older crm without vaccinations', () => {
    expect(careFlagOf([fido([])], [CUT], '2027-03-08', { requirements: [], expiring_days: 30 })).toBeNull();
    expect(careFlagOf([fido([])], [CUT], '2027-03-08', undefined)).toBeNull();
    expect(careFlagOf([fido(undefined)], [CUT], '2027-03-08', settings)).toBeNull();
  });

  it('is missing when one pet misses a vaccine and another has one expired', () => {
    const rex = { pet_id: 'p2', name: 'Rex', pet_type: 0, vaccinations: [{ vaccine: 'rabies', valid_until: '2026-01-01' }] };
    expect(careFlagOf([rex, fido([])], [CUT], '2027-03-08', settings)?.state).toBe('missing');
    expect(careFlagOf([rex], [CUT], '2027-03-08', settings)?.state).toBe('expired');
  });
});
