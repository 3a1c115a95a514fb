import { organizationOf, type Organization } from '@pawline/api-client';
import { cancelNameMatches, moveCardField, orgaChanges, orgaFormOf, toggleCardField, validateOrgaForm } from './orga-form';

const orga: Organization = organizationOf({
  id: 'o1',
  name: 'Salon Lia',
  tier: 0,
  created_at: '2026-11-01T00:00:00Z',
  address: 'Via Roma 1',
  city: 'Roma',
  zip_code: '00100',
  country: 'IT',
  address_from_owner: false,
  share_pets: false,
  admin_notification: null,
  min_rank_read_store: 4,
  min_rank_write_store: 3,
  min_rank_read_pets: 4,
  min_rank_write_pets: 3,
  stores: [],
  users: [],
});

describe('organization settings form', () => {
  it('R5.01 the organization name and country are required', () => {
    expect(validateOrgaForm({ ...orgaFormOf(orga), name: ' ', country: '' })).toEqual({
      name: 'validation.required',
      country: 'validation.required',
    });
  });

  it('R3.02 sends only changed data and settings, min ranks and share_pets to the settings call', () => {
    const saved = orgaFormOf(orga);
    expect(orgaChanges(saved, saved)).toEqual({ data: null, settings: null });
    const changed = { ...saved, city: '', min_rank_write_pets: 1, share_pets: true, admin_notification: '<p>Closed Monday</p>' };
    expect(orgaChanges(saved, changed)).toEqual({
      data: { city: null },
      settings: { min_rank_write_pets: 1, share_pets: true, admin_notification: '<p>Closed Monday</p>' },
    });
  });

  it("reads the appointment card's fields and sends them only when changed; the default card as null", () => {
    expect(orgaFormOf(orga).appointment_card).toEqual(['name']);
    const saved = orgaFormOf({ ...orga, appointment_card_custom: '["pets","price"]' });
    expect(saved.appointment_card).toEqual(['pets', 'price']);
    expect(orgaFormOf({ ...orga, appointment_card_custom: 'pets;price' }).appointment_card).toEqual(['name']);
    expect(orgaChanges(saved, { ...saved, appointment_card: ['pets', 'price'] })).toEqual({ data: null, settings: null });
    expect(orgaChanges(saved, { ...saved, appointment_card: ['price', 'pets', 'notes'] }).settings).toEqual({
      appointment_card_custom: '["price","pets","notes"]',
    });
    expect(orgaChanges(saved, { ...saved, appointment_card: ['name'] }).settings).toEqual({ appointment_card_custom: null });
  });

  it('ticks card fields on at the end, off unless it is the last one, and moves them', () => {
    expect(toggleCardField(['name'], 'pets')).toEqual(['name', 'pets']);
    expect(toggleCardField(['name', 'pets'], 'name')).toEqual(['pets']);
    expect(toggleCardField(['pets'], 'pets')).toEqual(['pets']);
    expect(moveCardField(['name', 'pets', 'price'], 'price', -1)).toEqual(['name', 'price', 'pets']);
    expect(moveCardField(['name', 'pets', 'price'], 'name', 1)).toEqual(['pets', 'name', 'price']);
    expect(moveCardField(['name', 'pets'], 'name', -1)).toEqual(['name', 'pets']);
  });

  it('R1.17 cancelling needs the exact organization name typed again', () => {
    expect(cancelNameMatches('Salon Lia', 'Salon Lia')).toBe(true);
    expect(cancelNameMatches('Salon Lia', 'salon lia')).toBe(false);
    expect(cancelNameMatches('Salon Lia', '')).toBe(false);
  });
});
