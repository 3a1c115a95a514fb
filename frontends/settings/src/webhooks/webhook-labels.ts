import type { WebhookDeliveryStatus, WebhookEventType } from '@pawline/contracts';

// The catalogue keys of the webhooks screen's names, spelled out so the translator checks each exists.

export const EVENT_LABEL = {
  'appointment.created': 'settings.webhookEventAppointmentCreated',
  'appointment.changed': 'settings.webhookEventAppointmentChanged',
  'appointment.cancelled': 'settings.webhookEventAppointmentCancelled',
  'appointment.checked_out': 'settings.webhookEventAppointmentCheckedOut',
  'appointment.status_changed': 'settings.webhookEventAppointmentStatusChanged',
  'appointment.confirmed_by_customer': 'settings.webhookEventAppointmentConfirmed',
  'appointment.declined_by_customer': 'settings.webhookEventAppointmentDeclined',
  'customer.created': 'settings.webhookEventCustomerCreated',
  'customer.changed': 'settings.webhookEventCustomerChanged',
  'pet.created': 'settings.webhookEventPetCreated',
  'pet.changed': 'settings.webhookEventPetChanged',
  'booking_request.received': 'settings.webhookEventBookingReceived',
  'booking_request.accepted': 'settings.webhookEventBookingAccepted',
  'booking_request.refused': 'settings.webhookEventBookingRefused',
  'campaign.sent': 'settings.webhookEventCampaignSent',
  'payment.failed': 'settings.webhookEventPaymentFailed',
  ping: 'settings.webhookEventPing',
} as const satisfies Record<WebhookEventType | 'ping', string>;

export const GROUP_LABEL = {
  appointment: 'settings.webhookGroupAppointments',
  customer: 'settings.webhookGroupCustomers',
  booking: 'settings.webhookGroupBooking',
  other: 'settings.webhookGroupOther',
} as const;

export const STATUS_LABEL = {
  pending: 'settings.webhookStatusPending',
  sending: 'settings.webhookStatusSending',
  delivered: 'settings.webhookStatusDelivered',
  failed: 'settings.webhookStatusFailed',
} as const satisfies Record<WebhookDeliveryStatus, string>;
