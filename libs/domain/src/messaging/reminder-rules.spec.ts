import fc from 'fast-check';
import { DEFAULT_MSG_SLOT, PRE_APPOINTMENT_DAYS_MIN, normalizePreAppointmentDays, slotMinutes } from './reminder-rules';

describe('reminder settings rules', () => {
  it('R5.12 raises pre-appointment reminder days below 2 to 2 and keeps the others', () => {
    expect(normalizePreAppointmentDays(-3)).toBe(2);
    expect(normalizePreAppointmentDays(0)).toBe(2);
    expect(normalizePreAppointmentDays(1)).toBe(2);
    expect(normalizePreAppointmentDays(2)).toBe(2);
    expect(normalizePreAppointmentDays(9)).toBe(9);
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (days) => {
        const normalized = normalizePreAppointmentDays(days);
        expect(normalized).toBeGreaterThanOrEqual(PRE_APPOINTMENT_DAYS_MIN);
        expect(normalized).toBe(days >= 2 ? days : 2);
      }),
    );
  });

  it('R9.03 sends by default at 12:00', () => {
    expect(DEFAULT_MSG_SLOT).toBe('12:00');
    expect(slotMinutes(DEFAULT_MSG_SLOT)).toBe(720);
    expect(slotMinutes('23:59')).toBe(1439);
    expect(() => slotMinutes('24:00')).toThrow();
  });
});
