import { appointmentCreatedEvent } from './appointment-created.event';
import { appointmentDeletedEvent } from './appointment-deleted.event';
import { appointmentDoneEvent } from './appointment-done.event';
import { appointmentNotesEvent } from './appointment-notes.event';
import { appointmentStatusByCustomerEvent } from './appointment-status-by-customer.event';
import { appointmentStatusEvent } from './appointment-status.event';
import { appointmentUpdatedEvent } from './appointment-updated.event';

/**
 * Every event of an appointment's life, each carrying the appointment's snapshot (deleted: its ids):
 * what a service that keeps its own copy of appointments consumes in one durable, so one
 * appointment's events arrive in their order.
 */
export const APPOINTMENT_EVENTS = [
  appointmentCreatedEvent,
  appointmentUpdatedEvent,
  appointmentDeletedEvent,
  appointmentDoneEvent,
  appointmentNotesEvent,
  appointmentStatusEvent,
  appointmentStatusByCustomerEvent,
];
