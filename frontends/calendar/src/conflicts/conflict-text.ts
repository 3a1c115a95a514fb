import type { OrganizationUser } from '@pawline/api-client';
import type { AppointmentConflict, CollisionReason } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';
import { staffName } from '../calendar/appointment-model';

/** One line of the collision warning: what collides and why, in the salon's words (issue 26). */
export type ConflictLine = { key: string; text: string; reasons: CollisionReason[] };

const REASON_KEYS = {
  pet: 'calendar.conflictReason_pet',
  staff: 'calendar.conflictReason_staff',
  pool: 'calendar.conflictReason_pool',
  hours: 'calendar.conflictReason_hours',
} as const;

/**
 * The check's (or a 409's) collisions as lines: each colliding appointment as "Oliver 09:30–11:30 with Anna Rossi
 * (the same pet)", then the hours nobody (or the groomer) works, which name no appointment.
 */
export function conflictLines(found: AppointmentConflict, staff: ReadonlyMap<string, OrganizationUser>, t: Translate): ConflictLine[] {
  const lines: ConflictLine[] = found.conflicts.map((c) => {
    const pets =
      c.pets
        .map((p) => p.name ?? '')
        .filter(Boolean)
        .join(', ') || t('calendar.appointment');
    const member = c.user_id ? staff.get(c.user_id) : undefined;
    const when = { pets, start: c.start_time, end: c.end_time };
    const what = member ? t('calendar.conflictWith', { ...when, staff: staffName(member) }) : t('calendar.conflictUnassigned', when);
    const day = c.same_store ? what : `${what} · ${t('calendar.conflictOtherStore')}`;
    const why = c.reasons.map((r) => t(REASON_KEYS[r])).join(', ');
    return { key: c.id, text: why ? `${day} (${why})` : day, reasons: c.reasons };
  });
  const hours = found.collisions.filter((c) => c.reason === 'hours');
  for (const h of hours) {
    const member = h.user_id ? staff.get(h.user_id) : undefined;
    const text = member ? t('calendar.conflictHoursStaff', { staff: staffName(member) }) : t('calendar.conflictHoursNobody');
    if (!lines.some((l) => l.text === text)) lines.push({ key: `hours-${h.date}-${h.user_id ?? ''}`, text, reasons: ['hours'] });
  }
  return lines;
}

/** true when the list names any collision. */
export function collides(found: AppointmentConflict | null | undefined): found is AppointmentConflict {
  return Boolean(found && found.collisions.length > 0);
}
