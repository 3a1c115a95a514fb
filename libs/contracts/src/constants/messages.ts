// spec §3 and §4: what messaging stores as numbers and names, and the browser shows.

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
export type ReminderStatusName = keyof typeof REMINDER_STATUS;

/**
 * Why a message was not sent (issue 27), for staff in their language: the template is not approved by WhatsApp
 * in any language the customer can get (pending, rejected, paused, disabled, refused, or not submitted yet),
 * the salon has no WhatsApp number connected, the plan's messages are used up, a value the template always
 * needs is missing (an appointment's time), or WhatsApp refused the message itself.
 */
export const OUTBOUND_REASONS = [
  'template_missing',
  'template_pending',
  'template_rejected',
  'template_paused',
  'template_disabled',
  'template_refused',
  'not_connected',
  'plan_limit',
  'incomplete_data',
  'provider_refused',
] as const;
export type OutboundReason = (typeof OUTBOUND_REASONS)[number];

/** REMINDER_STATUS the other way round: the name of each number. */
export const REMINDER_STATUS_NAMES = {
  0: 'in_process',
  1: 'sent',
  2: 'delivered',
  3: 'read',
  4: 'opened',
  5: 'failed',
  6: 'undelivered',
} as const satisfies { [S in ReminderStatusName as (typeof REMINDER_STATUS)[S]]: S };

const NAME_OF: Readonly<Partial<Record<number, ReminderStatusName>>> = REMINDER_STATUS_NAMES;

/** The status' name, or null when there is none (no reminder went out) or the number is not one of REMINDER_STATUS. */
export function reminderStatusName(status: number | null | undefined): ReminderStatusName | null {
  return status === null || status === undefined ? null : (NAME_OF[status] ?? null);
}

/**
 * spec §4 notification types (R4.01); PAYMENT_FAILED is billing's declined charge and WEBHOOK_DISABLED a
 * webhook endpoint switched off after three days of failures (issue 33), both listed to the organization's
 * administrators only (docs/adr/0031).
 */
export const NOTIFICATION_TYPES = [
  'CUSTOMER_MSG',
  'NEW_BOOKING',
  'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER',
  'PAYMENT_FAILED',
  'WEBHOOK_DISABLED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** spec §3 template types. */
export const TEMPLATE_TYPES = {
  appointment_reminder: 0,
  pet_birthday: 1,
  reminder_to_book: 2,
  marketing: 3,
  pre_appointment: 4,
} as const;
export type TemplateTypeNumber = (typeof TEMPLATE_TYPES)[keyof typeof TEMPLATE_TYPES];

/** Template types that name one of the customer's appointments (its date, time and confirm/decline buttons). */
export const APPOINTMENT_TEMPLATE_TYPES: readonly TemplateTypeNumber[] = [
  TEMPLATE_TYPES.appointment_reminder,
  TEMPLATE_TYPES.pre_appointment,
];
export const isAppointmentTemplateType = (type: number): boolean => (APPOINTMENT_TEMPLATE_TYPES as readonly number[]).includes(type);

/** spec §3 template variables (R3.15); `date_number` is the date when there is one, else the number; `free_text` the settings' addition. */
export const TEMPLATE_VARIABLES = [
  'pet_name',
  'first_name',
  'last_name',
  'store_name',
  'store_number',
  'time',
  'date',
  'percent',
  'number',
  'date_number',
  'website',
  'free_text',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
