import { apiQueryFilter, type AnswerOf, type BodyOf } from '@pawline/api-client';
import type {
  Appointment,
  AppointmentList,
  Customer,
  Pet,
  PetCard,
  RecurringData,
  RecurringInput,
  RecurringScope,
  Treatment,
} from '@pawline/contracts';
import type { SixDateParts } from '../calendar/calendar-views';

// The wire types of the scheduling and crm routes the calendar uses (API_ROUTES), and the keys its writes change.

type AppointmentBody = BodyOf<'createAppointment'>['appointment'];
/** What the create and edit dialog writes: the declared appointment body with the fields the dialog always fills in. */
export type AppointmentWrite = AppointmentBody & Required<Pick<AppointmentBody, 'user_id' | 'app_name' | 'notes'>> & { price: number };
/** POST .../calendar_feed answer: the secret token and the feed's path. */
export type CalendarFeed = AnswerOf<'regenerateCalendarFeed'>;
export type AppointmentChange = AnswerOf<'updateAppointment'>;
export type CheckOutWrite = BodyOf<'checkOutAppointment'>;
export type MoveTo = Omit<BodyOf<'moveAppointment'>, 'scope'>;
export type { Appointment, AppointmentList, RecurringData, RecurringInput, RecurringScope, Treatment, Customer, Pet, PetCard };

export type StoreParams = { orga: string; store: string };

/** spec §7 / R7.05: the range as six date parts in the path. */
export function rangeParams(at: StoreParams, p: SixDateParts) {
  return { ...at, y: String(p.y), m: String(p.m), d: String(p.d), y2: String(p.y2), m2: String(p.m2), d2: String(p.d2) };
}

/**
 * What a write of an appointment changes: the store's ranges and recurring groups (a series moves
 * together), the appointment and the pets' histories. This device's own realtime echo is dropped (R4.16).
 */
export function appointmentWrites(at: StoreParams) {
  return [
    apiQueryFilter('listAppointmentRange', at),
    apiQueryFilter('listRecurringGroup', at),
    apiQueryFilter('getAppointment', at),
    apiQueryFilter('listPetAppointments', at),
    apiQueryFilter('latestPetAppointment', at),
  ];
}
