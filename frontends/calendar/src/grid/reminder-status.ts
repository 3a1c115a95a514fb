import { APPOINTMENT_STATUS, type ReminderStatusName } from '@pawline/contracts';

// spec §4 (R4.12): the WhatsApp reminder status of an appointment, as the card shows it.
export { reminderStatusName } from '@pawline/contracts';

/** Catalogue key of the status' tooltip text: calendar.reminder_failed is 'WhatsApp failed, SMS will be sent'. */
export function reminderStatusKey(name: ReminderStatusName): `calendar.reminder_${ReminderStatusName}` {
  return `calendar.reminder_${name}`;
}

/** The customer's reply to the reminder (R4.12): confirmed or declined (scheduling's APPOINTMENT_STATUS). */
export function customerReplyKey(status: number): 'calendar.confirmedByCustomer' | 'calendar.declinedByCustomer' | null {
  if (status === APPOINTMENT_STATUS.confirmed_by_customer) return 'calendar.confirmedByCustomer';
  if (status === APPOINTMENT_STATUS.declined_by_customer) return 'calendar.declinedByCustomer';
  return null;
}
