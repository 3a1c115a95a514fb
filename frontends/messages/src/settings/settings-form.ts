import { WHATSAPP_FREE_TEXT_MAX } from '@pawline/domain';

/** R5.12 R9.03 the pre-appointment reminder goes at least 2 days before. */
export const PRE_APPOINTMENT_MIN_DAYS = 2;

/** R5.12 days below 2 are raised to 2 (a blank or unreadable entry too). */
export function raisePreAppointmentDays(days: number): number {
  return Number.isFinite(days) ? Math.max(PRE_APPOINTMENT_MIN_DAYS, Math.trunc(days)) : PRE_APPOINTMENT_MIN_DAYS;
}

/** R5.11 a free-text addition of at most 500 characters. */
export function additionTooLong(text: string): boolean {
  return text.length > WHATSAPP_FREE_TEXT_MAX;
}

/** spec §3: appointment_reminder_enabled 2 means off (1 on). */
export const REMINDER_ON = 1;
export const REMINDER_OFF = 2;
