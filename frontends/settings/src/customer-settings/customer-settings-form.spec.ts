import {
  CHECKOUT_PET_FIELDS,
  customerSettingsChange,
  customerSettingsFormOf,
  isEmptyChange,
  MANDATORY_CUSTOMER_FIELDS,
  toggleMandatory,
  type CustomerSettingsForm,
} from './customer-settings-form';

const ORGA = '22222222-2222-4222-8222-222222222222';

describe('customer settings form', () => {
  it('R5.13 a 4th mandatory customer field is refused and the three chosen stay', () => {
    let mandatory = toggleMandatory([], 'fon').mandatory;
    mandatory = toggleMandatory(mandatory, 'email').mandatory;
    mandatory = toggleMandatory(mandatory, 'city').mandatory;
    expect(mandatory).toEqual(['fon', 'email', 'city']);
    const fourth = toggleMandatory(mandatory, 'last_name');
    expect(fourth).toEqual({ mandatory: ['fon', 'email', 'city'], refused: 'limit' });
    // leaving one makes room again
    const fewer = toggleMandatory(mandatory, 'email');
    expect(fewer).toEqual({ mandatory: ['fon', 'city'], refused: null });
    expect(toggleMandatory(fewer.mandatory, 'last_name').mandatory).toEqual(['fon', 'city', 'last_name']);
  });

  it('R5.13 offers the eight customer fields and the eight pet fields, microchip among them', () => {
    expect(MANDATORY_CUSTOMER_FIELDS).toEqual(['last_name', 'address', 'city', 'zip_code', 'country', 'fon', 'fon_2', 'email']);
    expect(CHECKOUT_PET_FIELDS).toContain('microchip');
    expect(CHECKOUT_PET_FIELDS).toHaveLength(8);
  });

  it('reads a pet field never set as not asked, and ignores an unknown answer', () => {
    const form = customerSettingsFormOf({
      orga_id: ORGA,
      mandatory_customer_info: ['fon'],
      pet_checkout: { microchip: 'ask_required', weight: 'ask', breed: 'sometimes' as never },
    });
    expect(form.mandatory).toEqual(['fon']);
    expect(form.checkout.microchip).toBe('ask_required');
    expect(form.checkout.weight).toBe('ask');
    expect(form.checkout.breed).toBe('do_not_ask');
    expect(form.checkout.sex).toBe('do_not_ask');
  });

  it('sends only what changed: the mandatory list (order aside) and the changed pet fields', () => {
    const saved: CustomerSettingsForm = customerSettingsFormOf({
      orga_id: ORGA,
      mandatory_customer_info: ['fon', 'email'],
      pet_checkout: { microchip: 'ask' },
    });
    expect(isEmptyChange(customerSettingsChange(saved, { ...saved, mandatory: ['email', 'fon'] }))).toBe(true);
    const changed = customerSettingsChange(saved, {
      mandatory: ['email'],
      checkout: { ...saved.checkout, microchip: 'ask_required', hair: 'ask' },
    });
    expect(changed).toEqual({ mandatory_customer_info: ['email'], pet_checkout: { microchip: 'ask_required', hair: 'ask' } });
  });
});
