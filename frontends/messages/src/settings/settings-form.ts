import { normalizePreAppointmentDays, PRE_APPOINTMENT_DAYS_MIN, WHATSAPP_FREE_TEXT_MAX } from '@pawline/domain';

/** R5.12 R9.03 the pre-appointment reminder goes at least 2 days before (libs/domain, as messaging keeps it). */
export const PRE_APPOINTMENT_MIN_DAYS = PRE_APPOINTMENT_DAYS_MIN;

/** R5.12 days below 2 are raised to 2; so is a blank or unreadable entry of the field. */
export function raisePreAppointmentDays(days: number): number {
  return Number.isFinite(days) ? normalizePreAppointmentDays(days) : PRE_APPOINTMENT_DAYS_MIN;
}

/** R5.11 a free-text addition of at most 500 characters. */
export function additionTooLong(text: string): boolean {
  return text.length > WHATSAPP_FREE_TEXT_MAX;
}

/** spec §3: appointment_reminder_enabled 2 means off (1 on). */
export const REMINDER_ON = 1;
export const REMINDER_OFF = 2;
