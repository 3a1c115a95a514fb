import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment, AppointmentList } from '@pawline/contracts';
import { CANCELLED_COLOUR_SCHEME, DONE_COLOUR_SCHEME, isHexColour, parseColourScheme, type ColourScheme } from '@pawline/domain';

/** spec §3 (R3.07): status 0 booked, 2 declined by the customer (or marked so by the staff), 3 a no-show (ADR 0043). */
export const BOOKED_STATUS = 0;
export const DECLINED_STATUS = 2;
export const NO_SHOW_STATUS = 3;

export const EMPTY_LIST: AppointmentList = { items: [], treatments: [], pets: [] };

export function startMinutes(a: Pick<Appointment, 'hour' | 'min'>): number {
  return a.hour * 60 + a.min;
}

export function isDone(a: Pick<Appointment, 'checked_out' | 'cashed_in'>): boolean {
  return a.checked_out || a.cashed_in;
}

export function isDeclined(a: Pick<Appointment, 'status'>): boolean {
  return a.status === DECLINED_STATUS;
}

export function isNoShow(a: Pick<Appointment, 'status'>): boolean {
  return a.status === NO_SHOW_STATUS;
}

/** Declined and no-show appointments hold no time (ADR 0044) and can be restored. */
export function freesTime(a: Pick<Appointment, 'status'>): boolean {
  return isDeclined(a) || isNoShow(a);
}

/** A no-show can be set once the appointment started, never on a checked-out or freed one (ADR 0043). */
export function canMarkNoShow(a: Pick<Appointment, 'status' | 'starts_at' | 'checked_out' | 'cashed_in'>, now: number): boolean {
  return !freesTime(a) && !isDone(a) && Date.parse(a.starts_at) <= now;
}

export type CardLook = { scheme: ColourScheme; state: 'declined' | 'no_show' | 'done' | 'open' };

/**
 * The card's colours (R9.09): declined and done cards have their own distinct schemes; otherwise a
 * valid custom 'border:card' colour of the appointment, else the staff member's colour scheme.
 * Unparseable custom card data is ignored (R8.08).
 */
export function cardLook(
  a: Pick<Appointment, 'status' | 'checked_out' | 'cashed_in' | 'color' | 'user_id'>,
  staff: ReadonlyMap<string, OrganizationUser>,
  /** issue 26: the colour of the appointment's first coloured treatment, before the groomer's scheme */
  treatmentColour: string | null = null,
): CardLook {
  if (isDeclined(a)) return { scheme: CANCELLED_COLOUR_SCHEME, state: 'declined' };
  if (isNoShow(a)) return { scheme: CANCELLED_COLOUR_SCHEME, state: 'no_show' };
  if (isDone(a)) return { scheme: DONE_COLOUR_SCHEME, state: 'done' };
  const custom = (a.color ?? '').split(':');
  if (custom.length === 2 && custom.every((c) => isHexColour(c))) return { scheme: parseColourScheme(a.color), state: 'open' };
  if (treatmentColour && isHexColour(treatmentColour)) return { scheme: { border: treatmentColour, card: treatmentColour }, state: 'open' };
  const member = a.user_id ? staff.get(a.user_id) : undefined;
  return { scheme: parseColourScheme(member?.color_scheme), state: 'open' };
}

/** Puts fetched appointments (with their treatments and pets) into a list, replacing older copies. */
export function mergeAppointments(list: AppointmentList, incoming: AppointmentList): AppointmentList {
  const ids = new Set(incoming.items.map((a) => a.id));
  return {
    items: [...list.items.filter((a) => !ids.has(a.id)), ...incoming.items],
    treatments: [...list.treatments.filter((t) => !ids.has(t.appointment_id)), ...incoming.treatments],
    pets: [...list.pets.filter((p) => !ids.has(p.appointment_id)), ...incoming.pets],
  };
}

export function removeAppointments(list: AppointmentList, removed: readonly string[]): AppointmentList {
  const ids = new Set(removed);
  return {
    items: list.items.filter((a) => !ids.has(a.id)),
    treatments: list.treatments.filter((t) => !ids.has(t.appointment_id)),
    pets: list.pets.filter((p) => !ids.has(p.appointment_id)),
  };
}

/** Keeps only appointments of the days first..last (ISO days compare as text). */
export function withinDays(list: AppointmentList, first: string, last: string): AppointmentList {
  const outside = list.items.filter((a) => a.date < first || a.date > last).map((a) => a.id);
  return outside.length > 0 ? removeAppointments(list, outside) : list;
}

export type SlotCandidate = { id?: string; user_id: string | null; date: string; start: number; duration: number };

/** An overlap with the same staff member warns but is allowed (issue 5); unassigned ones never clash. */
export function sameStaffOverlaps(candidate: SlotCandidate, appointments: readonly Appointment[]): Appointment[] {
  if (!candidate.user_id) return [];
  const end = candidate.start + candidate.duration;
  return appointments.filter(
    (a) =>
      a.id !== candidate.id &&
      a.user_id === candidate.user_id &&
      a.date === candidate.date &&
      !freesTime(a) &&
      startMinutes(a) < end &&
      candidate.start < startMinutes(a) + a.duration,
  );
}

export function staffById(users: readonly OrganizationUser[] | undefined): Map<string, OrganizationUser> {
  return new Map((users ?? []).map((u) => [u.user_id, u]));
}

export function staffName(user: Pick<OrganizationUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
