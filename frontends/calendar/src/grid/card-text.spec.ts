import { parseAppointmentCard } from '@pawline/domain';
import { cardText, type CardParts } from './card-text';

const parts: CardParts = { name: 'Fido', pets: 'Fido, Luna', treatments: 'Bath, Nail trim', notes: '  ', price: '45,00' };

describe('cardText', () => {
  it("shows the organization's chosen fields in their order, one line each", () => {
    expect(cardText(parseAppointmentCard('["treatments","pets","price"]'), parts, 'Appointment')).toBe(
      'Bath, Nail trim\nFido, Luna\n45,00',
    );
  });

  it('leaves out fields the appointment has nothing for, and falls back when none is left', () => {
    expect(cardText(['notes', 'price'], parts, 'Appointment')).toBe('45,00');
    expect(cardText(['notes'], parts, 'Appointment')).toBe('Appointment');
  });

  it('R8.08 an unparseable setting gives the default card: the appointment name', () => {
    expect(cardText(parseAppointmentCard('treatments;price'), parts, 'Appointment')).toBe('Fido');
  });
});
