import type { CustomerDetail } from '@pawline/contracts';
import { customerFormFrom, customerRequest, emptyCustomerForm, validateCustomerForm } from './customer-form';

const detail: CustomerDetail = {
  customer: {
    id: '11111111-1111-4111-8111-111111111111',
    orga_id: '22222222-2222-4222-8222-222222222222',
    store_id: '33333333-3333-4333-8333-333333333333',
    first_name: 'Giulia',
    last_name: 'Rossi',
    address: null,
    city: 'Torino',
    zip_code: null,
    country: 'IT',
    fon: '+39 333 1234567',
    fon_2: null,
    email: 'giulia@example.it',
    notes: null,
    veterinary: 'Dr. Bianchi',
    consent_messages: true,
    consent_reminders: false,
    consent_marketing: true,
    privacy_file_id: null,
    pet_names: ['Fido'],
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
  },
  tags: [
    { tag_id: 'b', tag_order: 1, name: 'VIP', icon: 29, emoji: null },
    { tag_id: 'a', tag_order: 0, name: 'Nervous', icon: 0, emoji: '😬' },
  ],
  external_services: [{ external_service_id: 'e1', service_id: 'gest', name: 'Gestionale', entity_id: 'C-42' }],
};

describe('customer form', () => {
  it('R3.05 reads consents, ordered tags and external ids and writes them back', () => {
    const form = customerFormFrom(detail);
    expect(form.tag_ids).toEqual(['a', 'b']);
    expect(form.consent_marketing).toBe(true);
    expect(form.external_ids).toEqual({ e1: 'C-42' });
    const request = customerRequest({ ...form, address: '  ', external_ids: { e1: 'C-43', e2: ' ' } });
    expect(request).toMatchObject({
      first_name: 'Giulia',
      address: null,
      country: 'IT',
      consent_messages: true,
      consent_reminders: false,
      consent_marketing: true,
      tags: [
        { tag_id: 'a', tag_order: 0 },
        { tag_id: 'b', tag_order: 1 },
      ],
      external_services: [{ external_service_id: 'e1', entity_id: 'C-43' }],
    });
  });

  it('R5.01 R5.02 R5.05 gives the spec messages for first name, e-mail, phone and country', () => {
    const form = { ...emptyCustomerForm(), email: 'not-an-email', fon: '12ab', fon_2: '', country: 'ITA' };
    expect(validateCustomerForm(form)).toEqual({
      first_name: 'validation.required',
      email: 'validation.invalidEmail',
      fon: 'validation.phoneFormat',
      country: 'validation.countryCode',
    });
    expect(validateCustomerForm({ ...emptyCustomerForm(), first_name: 'Anna' })).toEqual({});
  });

  it('R5.13 makes the organization’s mandatory customer information required', () => {
    const form = { ...emptyCustomerForm(), first_name: 'Anna' };
    expect(validateCustomerForm(form, ['fon', 'email'])).toEqual({ fon: 'validation.required', email: 'validation.required' });
  });
});
