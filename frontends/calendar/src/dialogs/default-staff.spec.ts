import { appointmentOf } from '../test-support/appointments';
import { defaultStaffOf } from './default-staff';

const slot = { date: '2026-11-18', start: 9 * 60, duration: 60 };
// the person ids appointments name (user_id), not the memberships' own ids
const staff = [
  { id: 'membership-1', user_id: 'anna' },
  { id: 'membership-2', user_id: 'bea' },
];

describe('who a new appointment is for by default (issue 26)', () => {
  it("the column's staff member (Day by user), also the unassigned column", () => {
    expect(defaultStaffOf({ ...slot, user_id: 'bea' }, 'anna', staff, [])).toBe('bea');
    expect(defaultStaffOf({ ...slot, user_id: null }, 'anna', staff, [])).toBeNull();
  });

  it('the signed-in groomer when they take appointments', () => {
    expect(defaultStaffOf(slot, 'bea', staff, [])).toBe('bea');
  });

  it('else the first groomer free at that time, never silently nobody while someone is free', () => {
    const busy = [appointmentOf({ user_id: 'anna', date: '2026-11-18', hour: 9, min: 30, duration: 30 })];
    expect(defaultStaffOf(slot, 'owner', staff, busy)).toBe('bea');
    expect(defaultStaffOf(slot, 'owner', staff, [])).toBe('anna');
    const allBusy = [...busy, appointmentOf({ user_id: 'bea', date: '2026-11-18', hour: 8, duration: 90 })];
    expect(defaultStaffOf(slot, 'owner', staff, allBusy)).toBeNull();
  });
});
