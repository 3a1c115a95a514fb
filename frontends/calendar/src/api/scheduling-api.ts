import {
  API_ROUTES,
  createRemoteHttp,
  type AnswerOf,
  type ApiClient,
  type BodyOf,
  type FetchLike,
  type Language,
} from '@pawline/api-client';
import type {
  Appointment,
  AppointmentList,
  Customer,
  Pet,
  RecurringData,
  RecurringInput,
  RecurringScope,
  Treatment,
} from '@pawline/contracts';
import type { SixDateParts } from '../calendar/calendar-views';

export type { FetchLike };

type AppointmentBody = BodyOf<'createAppointment'>['appointment'];
/** What the create and edit dialog writes: the declared appointment body with the fields the dialog always fills in. */
export type AppointmentWrite = AppointmentBody & Required<Pick<AppointmentBody, 'user_id' | 'app_name' | 'notes'>> & { price: number };
/** POST .../calendar_feed answer: the secret token and the feed's path. */
export type CalendarFeed = AnswerOf<'regenerateCalendarFeed'>;
export type AppointmentChange = AnswerOf<'updateAppointment'>;
export type CheckOutWrite = BodyOf<'checkOutAppointment'>;
export type MoveTo = Omit<BodyOf<'moveAppointment'>, 'scope'>;
export type { Appointment, AppointmentList, RecurringData, RecurringInput, RecurringScope, Treatment, Customer, Pet };

type Options = { api: ApiClient; language: Language; baseUrl?: string; fetch?: FetchLike };

/**
 * The scheduling routes of the gateway and the crm search routes the pickers need, by their
 * declarations (API_ROUTES). Borrows the shell's session: its access token and device id.
 */
export function createSchedulingApi(options: Options) {
  const { request } = createRemoteHttp(options);
  const R = API_ROUTES;
  const store = (orga: string, storeId: string) => ({ orga, store: storeId });
  const appointment = (orga: string, storeId: string, id: string) => ({ orga, store: storeId, id });
  // spec §7 / R7.05: the range as six date parts in the path
  const six = (p: SixDateParts) => ({
    y: String(p.y),
    m: String(p.m),
    d: String(p.d),
    y2: String(p.y2),
    m2: String(p.m2),
    d2: String(p.d2),
  });

  return {
    /** R7.05 the visible range: GET .../appointments/{y}/{m}/{d}/{y2}/{m2}/{d2}. */
    range: (orgaId: string, storeId: string, parts: SixDateParts) =>
      request(R.listAppointmentRange, { params: { ...store(orgaId, storeId), ...six(parts) } }),
    recurringGroup: (orgaId: string, storeId: string, groupId: string, parts: SixDateParts) =>
      request(R.listRecurringGroup, { params: { ...store(orgaId, storeId), group: groupId, ...six(parts) } }),
    get: (orgaId: string, storeId: string, id: string) => request(R.getAppointment, { params: appointment(orgaId, storeId, id) }),
    create: (orgaId: string, storeId: string, write: AppointmentWrite, recurring: RecurringInput | null) =>
      request(R.createAppointment, { params: store(orgaId, storeId), body: { appointment: write, recurring } }),
    update: (orgaId: string, storeId: string, id: string, write: AppointmentWrite, scope: RecurringScope) =>
      request(R.updateAppointment, { params: appointment(orgaId, storeId, id), body: { scope, appointment: write } }),
    move: (orgaId: string, storeId: string, id: string, to: MoveTo, scope: RecurringScope) =>
      request(R.moveAppointment, { params: appointment(orgaId, storeId, id), body: { scope, ...to } }),
    resize: (orgaId: string, storeId: string, id: string, duration: number, scope: RecurringScope) =>
      request(R.resizeAppointment, { params: appointment(orgaId, storeId, id), body: { scope, duration } }),
    checkOut: (orgaId: string, storeId: string, id: string, write: CheckOutWrite) =>
      request(R.checkOutAppointment, { params: appointment(orgaId, storeId, id), body: write }),
    setStatus: (orgaId: string, storeId: string, id: string, status: BodyOf<'updateAppointmentStatus'>['status']) =>
      request(R.updateAppointmentStatus, { params: appointment(orgaId, storeId, id), body: { status } }),
    remove: (orgaId: string, storeId: string, id: string, scope: RecurringScope) =>
      request(R.deleteAppointment, { params: appointment(orgaId, storeId, id), query: { scope } }),
    treatments: (orgaId: string) => request(R.listTreatments, { params: { orga: orgaId } }),
    /** R1.15 a new secret iCal feed for the store (userId null) or one staff member; the earlier URL stops working. */
    regenerateCalendarFeed: (orgaId: string, storeId: string, userId: string | null) =>
      request(R.regenerateCalendarFeed, { params: store(orgaId, storeId), body: userId ? { user_id: userId } : {} }),

    // crm: the customer and pet pickers
    searchCustomers: (orgaId: string, storeId: string, q: string) =>
      request(R.listCustomers, { params: store(orgaId, storeId), query: { q: q.trim(), limit: 10 } }),
    petsOfCustomer: (orgaId: string, storeId: string, customerId: string) =>
      request(R.listPets, { params: store(orgaId, storeId), query: { customer_id: customerId } }),
    getPet: (orgaId: string, storeId: string, petId: string) => request(R.getPet, { params: { ...store(orgaId, storeId), id: petId } }),
    getCustomer: (orgaId: string, storeId: string, customerId: string) =>
      request(R.getCustomer, { params: { ...store(orgaId, storeId), id: customerId } }),
    /** R5.13 which pet fields the check-out asks for */
    crmSettings: (orgaId: string) => request(R.getCrmSettings, { params: { orga: orgaId } }),
    updatePet: (orgaId: string, storeId: string, petId: string, fields: BodyOf<'updatePet'>) =>
      request(R.updatePet, { params: { ...store(orgaId, storeId), id: petId }, body: fields }),
  };
}

export type SchedulingApi = ReturnType<typeof createSchedulingApi>;
