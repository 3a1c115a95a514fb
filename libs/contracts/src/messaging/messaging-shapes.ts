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
