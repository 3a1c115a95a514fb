import { appointmentCardSetting, DEFAULT_APPOINTMENT_CARD, parseAppointmentCard } from './appointment-card';

describe('parseAppointmentCard', () => {
  it('reads the chosen fields in their order, a repeated one once', () => {
    expect(parseAppointmentCard('["pets","treatments","price"]')).toEqual(['pets', 'treatments', 'price']);
    expect(parseAppointmentCard('["notes","name"]')).toEqual(['notes', 'name']);
    expect(parseAppointmentCard('["price","pets","price"]')).toEqual(['price', 'pets']);
  });

  it('without a setting shows the default card (the appointment name)', () => {
    expect(parseAppointmentCard(null)).toEqual(['name']);
    expect(parseAppointmentCard(undefined)).toBe(DEFAULT_APPOINTMENT_CARD);
    expect(parseAppointmentCard('')).toBe(DEFAULT_APPOINTMENT_CARD);
  });

  it('R8.08 ignores unparseable custom card data: the default card instead', () => {
    for (const custom of [
      '{pets',
      'pets,price',
      '"pets"',
      '42',
      'null',
      '{"fields":["pets"]}',
      '[]',
      '["pets",7]',
      '["pets","shoe_size"]',
    ]) {
      expect(parseAppointmentCard(custom)).toEqual(['name']);
    }
  });
});

describe('appointmentCardSetting', () => {
  it('stores the fields as JSON that parses back to them', () => {
    const stored = appointmentCardSetting(['pets', 'notes', 'pets']);
    expect(stored).toBe('["pets","notes"]');
    expect(parseAppointmentCard(stored)).toEqual(['pets', 'notes']);
  });

  it('stores the default card, or nothing chosen, as no setting', () => {
    expect(appointmentCardSetting(['name'])).toBeNull();
    expect(appointmentCardSetting([])).toBeNull();
  });
});
