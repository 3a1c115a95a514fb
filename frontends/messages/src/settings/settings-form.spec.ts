import fc from 'fast-check';
import { additionTooLong, raisePreAppointmentDays } from './settings-form';

describe('reminder settings form', () => {
  it('R5.12 raises pre-appointment reminder days below 2 to 2 and keeps the others', () => {
    expect(raisePreAppointmentDays(0)).toBe(2);
    expect(raisePreAppointmentDays(1)).toBe(2);
    expect(raisePreAppointmentDays(-4)).toBe(2);
    expect(raisePreAppointmentDays(Number.NaN)).toBe(2);
    expect(raisePreAppointmentDays(3)).toBe(3);
    fc.assert(fc.property(fc.integer({ min: -1000, max: 60 }), (days) => expect(raisePreAppointmentDays(days)).toBe(Math.max(2, days))));
  });

  it('R5.11 a free-text addition may have 500 characters, not 501', () => {
    expect(additionTooLong('a'.repeat(500))).toBe(false);
    expect(additionTooLong('a'.repeat(501))).toBe(true);
  });
});
