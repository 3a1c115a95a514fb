import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { sameStaffOverlaps } from '../calendar/appointment-model';
import type { NewSlot } from './appointment-form';

/**
 * Who a new appointment is for unless the user picks someone (issue 26: "Nobody" by default left every
 * appointment unassigned): the column's staff member, else the signed-in groomer when they take
 * appointments (the active staff), else the first one free at that time; nobody only when no one is.
 */
export function defaultStaffOf(
  slot: NewSlot,
  signedIn: string,
  staff: readonly Pick<OrganizationUser, 'user_id'>[],
  appointments: readonly Appointment[],
): string | null {
  if (slot.user_id !== undefined) return slot.user_id;
  if (staff.some((u) => u.user_id === signedIn)) return signedIn;
  const free = staff.find(
    (u) =>
      sameStaffOverlaps({ user_id: u.user_id, date: slot.date, start: slot.start, duration: slot.duration }, appointments).length === 0,
  );
  return free?.user_id ?? null;
}
