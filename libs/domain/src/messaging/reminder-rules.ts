// Reminder settings rules (spec §3, §5, §9): R1.06, R5.12, R9.03.

/** R1.06 / R9.03 reminders go out by default at 12:00 the day before. */
export const DEFAULT_MSG_SLOT = '12:00';
/** R9.03 the pre-appointment reminder is at least 2 days before. */
export const PRE_APPOINTMENT_DAYS_MIN = 2;

/** R5.12 pre-appointment reminder days below 2 are raised to 2 (not refused). */
export function normalizePreAppointmentDays(days: number): number {
  return Math.max(PRE_APPOINTMENT_DAYS_MIN, Math.trunc(days));
}

/** 'HH:MM' → minutes after midnight. */
export function slotMinutes(slot: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(slot);
  if (!match) throw new Error(`not a time HH:MM: ${slot}`);
  return Number(match[1]) * 60 + Number(match[2]);
}
