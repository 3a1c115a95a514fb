import type { REMINDER_STATUS, ReminderStatus } from '@pawline/contracts';

// spec §4 (R4.12): the WhatsApp reminder status of an appointment, as the card shows it.
export type ReminderStatusName = keyof typeof REMINDER_STATUS;

// Written out rather than inverted from REMINDER_STATUS at run time: the calendar's bundle takes
// only types from libs/contracts. The spec checks it against REMINDER_STATUS.
export const REMINDER_STATUS_NAMES = {
  0: 'in_process',
  1: 'sent',
  2: 'delivered',
  3: 'read',
  4: 'opened',
  5: 'failed',
  6: 'undelivered',
} as const satisfies Record<ReminderStatus, ReminderStatusName>;
const NAMES: Readonly<Record<number, ReminderStatusName>> = REMINDER_STATUS_NAMES;

/** The status' name, or null when no reminder went out (or a value this card does not know). */
export function reminderStatusName(status: number | null | undefined): ReminderStatusName | null {
  if (status === null || status === undefined) return null;
  return NAMES[status] ?? null;
}

/** Catalogue key of the status' tooltip text: calendar.reminder_failed is 'WhatsApp failed, SMS will be sent'. */
export function reminderStatusKey(name: ReminderStatusName): `calendar.reminder_${ReminderStatusName}` {
  return `calendar.reminder_${name}`;
}

/** The customer's reply to the reminder (R4.12): status 1 confirmed, 2 declined (scheduling's APPOINTMENT_STATUS). */
export function customerReplyKey(status: number): 'calendar.confirmedByCustomer' | 'calendar.declinedByCustomer' | null {
  if (status === 1) return 'calendar.confirmedByCustomer';
  if (status === 2) return 'calendar.declinedByCustomer';
  return null;
}
