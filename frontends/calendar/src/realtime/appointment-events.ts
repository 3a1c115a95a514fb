import type { RealtimeMessage } from '@pawline/api-client';
import { DECLINED_STATUS } from '../calendar/appointment-model';
import { clockText } from '../calendar/calendar-dates';

// spec §4 (R4.17): the gateway turns evt.scheduling.appointment.<event>.v1 into
// { scope: 'appointment', event, data: appointment id, store_id }.
export const APPOINTMENT_EVENTS = [
  'created',
  'updated',
  'done',
  'notes',
  'status',
  'status_by_customer',
  'reminder_status',
  'deleted',
] as const;
export type AppointmentEvent = (typeof APPOINTMENT_EVENTS)[number];

export type AppointmentEventAction =
  | { kind: 'remove'; id: string }
  /** fetch it again; `group` when a created main member brings its recurring group along */
  | { kind: 'fetch'; id: string; event: AppointmentEvent; checkDeclined: boolean };

/** What the calendar of one store does with a realtime message (null: not ours). */
export function appointmentEventAction(message: RealtimeMessage, storeId: string): AppointmentEventAction | null {
  if (message.scope !== 'appointment' || typeof message.data !== 'string') return null;
  if (message.store_id && message.store_id !== storeId) return null;
  const event = message.event as AppointmentEvent;
  if (!(APPOINTMENT_EVENTS as readonly string[]).includes(event)) return null;
  if (event === 'deleted') return { kind: 'remove', id: message.data };
  return { kind: 'fetch', id: message.data, event, checkDeclined: event === 'status_by_customer' };
}

/**
 * R4.12 messaging's evt.messaging.reminder.status-changed.v1 (realtime scope `reminder`): the card's
 * reminder status moved. With the appointment's id it is read again; without one (the message
 * carries no id of the appointment) the shown range is, once a burst of them is over.
 */
export function reminderStatusAction(message: RealtimeMessage, storeId: string): AppointmentEventAction | 'range' | null {
  if (message.scope !== 'reminder' || message.event !== 'status-changed') return null;
  if (message.store_id && message.store_id !== storeId) return null;
  return typeof message.data === 'string' ? { kind: 'fetch', id: message.data, event: 'reminder_status', checkDeclined: false } : 'range';
}

/** R4.18: only a customer's change to status 2 raises the notification. */
export function isCustomerDecline(action: AppointmentEventAction, status: number): boolean {
  return action.kind === 'fetch' && action.checkDeclined && status === DECLINED_STATUS;
}

export type DeclinedFacts = { date: string; hour: number; min: number; customer: string; pets: string[] };

/** The 'Declined appointment' text: date, time, customer and pet names (R4.18). */
export function declinedParams(facts: DeclinedFacts): { date: string; time: string; customer: string; pets: string } {
  const [y, m, d] = facts.date.split('-');
  return { date: `${d}/${m}/${y}`, time: clockText(facts.hour * 60 + facts.min), customer: facts.customer, pets: facts.pets.join(', ') };
}
