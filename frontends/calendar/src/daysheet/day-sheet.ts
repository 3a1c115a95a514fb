import type { Appointment, AppointmentList, CareSettings, PetCard } from '@pawline/contracts';
import type { OrganizationUser } from '@pawline/api-client';
import { DECLINED_STATUS, staffName, startMinutes } from '../calendar/appointment-model';
import { careFlagOf, type CareFlag } from '../calendar/care-flags';

/** One pet of a sheet row: what the groomer needs at the table and to call the owner. */
export type SheetPet = { name: string; breed: string | null; allergies: string | null; owner: string; phone: string | null };

export type SheetRow = {
  id: string;
  fullDay: boolean;
  /** minutes from midnight, start and end */
  start: number;
  end: number;
  title: string | null;
  pets: SheetPet[];
  treatments: string[];
  notes: string | null;
  /** issue 31 the pets whose required vaccine is missing or expired that day */
  care: CareFlag | null;
};

/** A groomer's part of the sheet (userId null: the appointments nobody was given). */
export type SheetSection = { userId: string | null; name: string | null; rows: SheetRow[] };

/**
 * The day sheet: the day's appointments grouped by the groomer (keyed by the person's user_id, as the
 * calendar is), each group in time order, groomers in the team's order, the unassigned last. A declined
 * appointment is left out, since nobody will groom that pet. `staff` is every member, active or not, so a
 * former groomer's bookings keep their name; a user_id the organization does not know counts as unassigned.
 */
export function daySheetOf(
  list: AppointmentList,
  day: string,
  cards: ReadonlyMap<string, PetCard>,
  staff: readonly Pick<OrganizationUser, 'user_id' | 'first_name' | 'last_name'>[],
  careSettings?: Pick<CareSettings, 'requirements' | 'expiring_days'>,
): SheetSection[] {
  const rowOf = (a: Appointment): SheetRow => ({
    id: a.id,
    fullDay: a.full_day,
    start: startMinutes(a),
    end: startMinutes(a) + a.duration,
    title: a.app_name,
    pets: list.pets
      .filter((p) => p.appointment_id === a.id)
      .flatMap((p) => {
        const card = cards.get(p.pet_id);
        if (!card) return [];
        const owner = `${card.customer_first_name} ${card.customer_last_name}`.trim();
        const allergies = card.allergies?.trim() ? card.allergies : null;
        return [{ name: card.name, breed: card.breed, allergies, owner, phone: card.customer_fon }];
      }),
    treatments: list.treatments.filter((tr) => tr.appointment_id === a.id).map((tr) => tr.name),
    notes: a.notes?.trim() ? a.notes : null,
    care: careFlagOf(
      list.pets.filter((p) => p.appointment_id === a.id).flatMap((p) => cards.get(p.pet_id) ?? []),
      list.treatments.filter((tr) => tr.appointment_id === a.id).map((tr) => tr.treatment_id),
      a.date,
      careSettings,
    ),
  });
  const inOrder = list.items
    .filter((a) => a.date === day && a.status !== DECLINED_STATUS)
    .sort((a, b) => Number(b.full_day) - Number(a.full_day) || startMinutes(a) - startMinutes(b) || a.id.localeCompare(b.id));

  const known = new Map(staff.map((u) => [u.user_id, u]));
  const sections = new Map<string | null, SheetSection>();
  for (const u of staff) sections.set(u.user_id, { userId: u.user_id, name: staffName(u), rows: [] });
  const unassigned: SheetSection = { userId: null, name: null, rows: [] };
  for (const a of inOrder) {
    const section = a.user_id && known.has(a.user_id) ? sections.get(a.user_id) : unassigned;
    section?.rows.push(rowOf(a));
  }
  return [...sections.values(), unassigned].filter((s) => s.rows.length > 0);
}
