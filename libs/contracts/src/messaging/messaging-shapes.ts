/**
 * spec §4 WhatsApp reminder status, as stored on the outbound message and on the appointment
 * (scheduling's reminder_status) and shown on the calendar card.
 */
export const REMINDER_STATUS = {
  in_process: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  opened: 4,
  failed: 5,
  undelivered: 6,
} as const;
export type ReminderStatus = (typeof REMINDER_STATUS)[keyof typeof REMINDER_STATUS];
