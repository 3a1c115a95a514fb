import { appointmentOf } from '../test-support/appointments';
import {
  appointmentWriteOf,
  proposalOf,
  editAppointmentForm,
  newAppointmentForm,
  recurringInputOf,
  durationHint,
  effectiveForm,
  validateAppointmentForm,
  withPets,
  withTreatments,
  withTypedDuration,
} from './appointment-form';
import { checkOutFormOf, checkOutTotals } from './checkout';

const treatments = [
  { id: 't1', orga_id: 'o', name: 'Bath', archive: false, default_duration: 60, default_price: 2500 },
  { id: 't2', orga_id: 'o', name: 'Nails', archive: false, default_duration: 15, default_price: 850 },
];

describe('appointment form', () => {
  it('a slot dragged on the grid fills date, start, duration and staff member', () => {
    const form = newAppointmentForm({ date: '2026-11-18', start: 9 * 60 + 45, duration: 45, user_id: 'u1' });
    expect(form).toMatchObject({ date: '2026-11-18', time: '09:45', duration: '45', user_id: 'u1' });
  });

  it('R3.07 asks for at least one pet and a valid time, duration and recurrence', () => {
    const form = newAppointmentForm({ date: '2026-11-18', start: 540, duration: 60 });
    expect(validateAppointmentForm(form)).toEqual({ pets: 'calendar.petRequired' });
    expect(validateAppointmentForm({ ...form, pet_ids: ['p'], time: '25:00', duration: '0' })).toEqual({
      time: 'validation.required',
      duration: 'validation.required',
    });
    expect(validateAppointmentForm({ ...form, pet_ids: ['p'], repeat: 'week', every: '0', count: '1' })).toEqual({
      every: 'validation.required',
      count: 'validation.required',
    });
  });

  it('R5.16 the price is amount text: chosen treatments suggest their sum until typed; saved in cents', () => {
    let form = newAppointmentForm({ date: '2026-11-18', start: 540, duration: 60 });
    form = withTreatments(form, ['t1', 't2'], treatments);
    expect(form.price).toBe('33,50');
    expect(appointmentWriteOf({ ...form, pet_ids: ['p'] }).price).toBe(3350);
    const typed = { ...form, price: '12,5', priceTouched: true };
    expect(withTreatments(typed, ['t1'], treatments).price).toBe('12,5');
    expect(appointmentWriteOf({ ...typed, price: 'abc' }).price).toBe(0);
  });

  it('R3.07 the recurrence: interval, count or unlimited, optional end', () => {
    const base = newAppointmentForm({ date: '2026-11-18', start: 540, duration: 60 });
    expect(recurringInputOf(base)).toBeNull();
    expect(recurringInputOf({ ...base, repeat: 'week', every: '2', count: '' })).toEqual({
      unit: 'week',
      every: 2,
      count: null,
      end: null,
    });
    expect(recurringInputOf({ ...base, repeat: 'month', every: '1', count: '6', until: '2027-06-01' })).toEqual({
      unit: 'month',
      every: 1,
      count: 6,
      end: '2027-06-01',
    });
  });

  it('editing starts from the appointment', () => {
    const a = appointmentOf({ hour: 14, min: 30, duration: 90, price: 4000, app_name: 'Fido', user_id: 'u2' });
    const write = appointmentWriteOf(editAppointmentForm(a, ['t1'], ['p1']));
    expect(write).toMatchObject({
      hour: 14,
      min: 30,
      duration: 90,
      price: 4000,
      app_name: 'Fido',
      user_id: 'u2',
      treatment_ids: ['t1'],
      pet_ids: ['p1'],
    });
  });
});

describe('check-out', () => {
  it('R4.11 R5.16 total is the final price minus the discount, in cents, cashed in', () => {
    const form = checkOutFormOf({ price: 4000, final_price: null, discount: 0, cashed_in: false });
    expect(form).toEqual({ finalPrice: '40,00', discount: '0,00', cashedIn: true });
    expect(checkOutTotals({ ...form, finalPrice: '45,5', discount: '5,25' })).toEqual({
      final_price: 4550,
      discount: 525,
      total: 4025,
      cashed_in: true,
    });
    expect(checkOutTotals({ finalPrice: '10', discount: '25', cashedIn: false })).toEqual({
      final_price: 1000,
      discount: 1000,
      total: 0,
      cashed_in: false,
    });
  });

  it('issue 26 R3.09 the duration follows the work until typed, and the hint says where the figure came from', () => {
    const matrix = { minutes: 45, source: 'service_times' as const };
    const none = { minutes: null, source: 'none' as const };
    let form = newAppointmentForm({ date: '2026-11-18', start: 540, duration: 60 });
    expect(effectiveForm(form, none).duration).toBe('60');
    expect(durationHint(form, none)).toBeNull();
    form = withTreatments(withPets(form, ['p']), ['t1'], treatments);
    expect(effectiveForm(form, matrix).duration).toBe('45');
    expect(durationHint(form, matrix)).toEqual({ kind: 'source', source: 'service_times' });
    form = withTypedDuration(form, '50');
    expect(effectiveForm(form, matrix).duration).toBe('50');
    expect(durationHint(form, matrix)).toEqual({ kind: 'proposal', source: 'service_times', minutes: 45 });
    expect(durationHint(withTypedDuration(form, '45'), matrix)).toEqual({ kind: 'source', source: 'service_times' });
    // a further treatment or pet lets it follow again
    expect(withPets(form, ['p', 'q']).durationMode).toBe('follow');
  });

  it('issue 26 an edited appointment keeps its own duration until its work changes', () => {
    const form = editAppointmentForm(appointmentOf({ duration: 90 }), ['t1'], ['p']);
    expect(effectiveForm(form, { minutes: 60, source: 'treatment_defaults' }).duration).toBe('90');
    expect(effectiveForm(withTreatments(form, ['t1', 't2'], treatments), { minutes: 75, source: 'treatment_defaults' }).duration).toBe(
      '75',
    );
  });
});

describe('durations from the pet history', () => {
  it("issue 29 R3.09 the pet's last appointment with the same treatments wins over the matrix; other work keeps the matrix", () => {
    const matrix = { minutes: 45, source: 'service_times' as const };
    const latest = { duration: 50, treatment_ids: ['t1', 't2'] };
    expect(proposalOf(matrix, latest, ['t2', 't1'])).toEqual({ minutes: 50, source: 'history' });
    expect(proposalOf(matrix, latest, ['t1'])).toBe(matrix);
    expect(proposalOf(matrix, null, ['t1'])).toBe(matrix);
    expect(proposalOf(matrix, { duration: 50, treatment_ids: [] }, [])).toBe(matrix);
  });
});
