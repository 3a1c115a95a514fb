import { organizationUserOf } from '@pawline/api-client';
import { CANCELLED_COLOUR_SCHEME, DEFAULT_COLOUR_SCHEME, DONE_COLOUR_SCHEME } from '@pawline/domain';
import { appointmentOf } from '../test-support/appointments';
import { cardLook, mergeAppointments, removeAppointments, sameStaffOverlaps, staffById, withinDays } from './appointment-model';

const anna = organizationUserOf({
  id: 'membership-anna',
  user_id: 'u-anna',
  first_name: 'Anna',
  last_name: 'Rossi',
  color_scheme: '#1b5e20:#2e7d32',
});
const staff = staffById([anna, organizationUserOf({ id: 'membership-bea', user_id: 'u-bea', first_name: 'Bea', last_name: 'Neri' })]);

describe('appointment cards', () => {
  it("R9.09 an open card wears the staff member's colour scheme border:card; without one the defaults", () => {
    expect(cardLook(appointmentOf({ user_id: 'u-anna' }), staff)).toEqual({
      scheme: { border: '#1b5e20', card: '#2e7d32' },
      state: 'open',
    });
    expect(cardLook(appointmentOf({ user_id: 'u-bea' }), staff).scheme).toEqual(DEFAULT_COLOUR_SCHEME);
    expect(cardLook(appointmentOf({ user_id: null }), staff).scheme).toEqual(DEFAULT_COLOUR_SCHEME);
  });

  it('R9.09 R4.11 done (checked out) and declined cards are distinct from open ones and from each other', () => {
    const done = cardLook(appointmentOf({ user_id: 'u-anna', checked_out: true, cashed_in: true }), staff);
    const declined = cardLook(appointmentOf({ user_id: 'u-anna', status: 2 }), staff);
    expect(done).toEqual({ scheme: DONE_COLOUR_SCHEME, state: 'done' });
    expect(declined).toEqual({ scheme: CANCELLED_COLOUR_SCHEME, state: 'declined' });
    expect(done.scheme).not.toEqual(declined.scheme);
  });

  it('R3.07 status 2 means declined by the customer, other statuses do not', () => {
    expect(cardLook(appointmentOf({ status: 1 }), staff).state).toBe('open');
    expect(cardLook(appointmentOf({ status: 2 }), staff).state).toBe('declined');
  });

  it('R8.08 unparseable custom card colours are ignored; a valid one wins', () => {
    expect(cardLook(appointmentOf({ user_id: 'u-anna', color: '{"broken' }), staff).scheme).toEqual({ border: '#1b5e20', card: '#2e7d32' });
    expect(cardLook(appointmentOf({ user_id: 'u-anna', color: '#123456' }), staff).scheme).toEqual({ border: '#1b5e20', card: '#2e7d32' });
    expect(cardLook(appointmentOf({ user_id: 'u-anna', color: '#abc:#00ff00' }), staff).scheme).toEqual({
      border: '#aabbcc',
      card: '#00ff00',
    });
  });
});

describe('appointment lists', () => {
  it('an overlap with the same staff member is found (it warns, it does not block); other staff and declined ones are not', () => {
    const existing = [
      appointmentOf({ id: 'a1', user_id: 'u-anna', hour: 9, min: 0, duration: 60 }),
      appointmentOf({ id: 'a2', user_id: 'u-bea', hour: 9, min: 0, duration: 60 }),
      appointmentOf({ id: 'a3', user_id: 'u-anna', hour: 11, min: 0, duration: 30, status: 2 }),
    ];
    const at = (start: number, user: string | null, id?: string) =>
      sameStaffOverlaps({ id, user_id: user, date: '2026-11-18', start, duration: 30 }, existing).map((a) => a.id);
    expect(at(9 * 60 + 30, 'u-anna')).toEqual(['a1']);
    expect(at(10 * 60, 'u-anna')).toEqual([]);
    expect(at(11 * 60, 'u-anna')).toEqual([]);
    expect(at(9 * 60, null)).toEqual([]);
    expect(at(9 * 60, 'u-anna', 'a1')).toEqual([]);
  });

  it('merging replaces an appointment with its treatments and pets; removing drops them all', () => {
    const a = appointmentOf({ id: 'x', app_name: 'old' });
    const list = {
      items: [a],
      treatments: [{ appointment_id: 'x', treatment_id: 't1', name: 'Bath' }],
      pets: [{ appointment_id: 'x', pet_id: 'p1' }],
    };
    const merged = mergeAppointments(list, {
      items: [{ ...a, app_name: 'new' }],
      treatments: [],
      pets: [{ appointment_id: 'x', pet_id: 'p2' }],
    });
    expect(merged.items.map((i) => i.app_name)).toEqual(['new']);
    expect(merged.treatments).toEqual([]);
    expect(merged.pets).toEqual([{ appointment_id: 'x', pet_id: 'p2' }]);
    expect(removeAppointments(merged, ['x'])).toEqual({ items: [], treatments: [], pets: [] });
  });

  it('R7.05 keeps only the visible days', () => {
    const list = {
      items: [appointmentOf({ id: 'in', date: '2026-11-18' }), appointmentOf({ id: 'out', date: '2026-11-30' })],
      treatments: [],
      pets: [],
    };
    expect(withinDays(list, '2026-11-16', '2026-11-22').items.map((a) => a.id)).toEqual(['in']);
  });
});
