import { createRemoteHttp, orgaPath, queryString, storePath, type ApiClient, type FetchLike, type Language } from '@pawline/api-client';
import type {
  Appointment,
  AppointmentList,
  Customer,
  CustomerDetail,
  Pet,
  PetDetail,
  RecurringData,
  RecurringInput,
  RecurringScope,
  Treatment,
} from '@pawline/contracts';
import type { SixDateParts } from '../calendar/calendar-views';
import type { CheckoutAsk, PetPatch } from '../dialogs/pet-checkout';

export type { FetchLike };

/** What the create and edit dialog writes (services/gateway scheduling.routes.ts bodies). */
export type AppointmentWrite = {
  user_id: string | null;
  date: string;
  hour: number;
  min: number;
  duration: number;
  app_name: string | null;
  notes: string | null;
  price: number;
  treatment_ids: string[];
  pet_ids: string[];
  color?: string | null;
  timed?: boolean;
  full_day?: boolean;
};

/** POST .../calendar_feed answer (regenerateCalendarFeedRpc): the secret token and the feed's path. */
export type CalendarFeed = { token: string; path: string };
export type AppointmentChange = { appointment: Appointment; affected_ids: string[] };
export type CheckOutWrite = { final_price: number; discount: number; total: number; cashed_in: boolean };
export type { Appointment, AppointmentList, RecurringData, RecurringInput, RecurringScope, Treatment, Customer, Pet };

type Options = { api: ApiClient; language: Language; baseUrl?: string; fetch?: FetchLike };

const enc = encodeURIComponent;

/**
 * The scheduling routes of the gateway (services/gateway/src/routes/scheduling.routes.ts) and the
 * crm search routes the pickers need. Borrows the shell's session: its access token and device id.
 */
export function createSchedulingApi(options: Options) {
  const { call } = createRemoteHttp(options);
  const appointment = (orgaId: string, storeId: string, id: string) => `${storePath(orgaId, storeId)}/appointment/${enc(id)}`;
  // spec §7 / R7.05: the range as six date parts in the path
  const six = (p: SixDateParts) => [p.y, p.m, p.d, p.y2, p.m2, p.d2].join('/');

  return {
    /** R7.05 the visible range: GET .../appointments/{y}/{m}/{d}/{y2}/{m2}/{d2}. */
    range: (orgaId: string, storeId: string, parts: SixDateParts) =>
      call<AppointmentList>('GET', `${storePath(orgaId, storeId)}/appointments/${six(parts)}`),
    recurringGroup: (orgaId: string, storeId: string, groupId: string, parts: SixDateParts) =>
      call<AppointmentList>('GET', `${storePath(orgaId, storeId)}/appointments_recurring_group/${enc(groupId)}/${six(parts)}`),
    get: (orgaId: string, storeId: string, id: string) => call<AppointmentList>('GET', appointment(orgaId, storeId, id)),
    create: (orgaId: string, storeId: string, write: AppointmentWrite, recurring: RecurringInput | null) =>
      call<AppointmentList>('POST', `${storePath(orgaId, storeId)}/appointment`, { appointment: write, recurring }),
    update: (orgaId: string, storeId: string, id: string, write: AppointmentWrite, scope: RecurringScope) =>
      call<AppointmentChange>('PUT', appointment(orgaId, storeId, id), { scope, appointment: write }),
    move: (
      orgaId: string,
      storeId: string,
      id: string,
      to: { date: string; hour: number; min: number; user_id?: string | null },
      scope: RecurringScope,
    ) => call<AppointmentChange>('PATCH', `${appointment(orgaId, storeId, id)}/move`, { scope, ...to }),
    resize: (orgaId: string, storeId: string, id: string, duration: number, scope: RecurringScope) =>
      call<AppointmentChange>('PATCH', `${appointment(orgaId, storeId, id)}/resize`, { scope, duration }),
    checkOut: (orgaId: string, storeId: string, id: string, write: CheckOutWrite) =>
      call<Appointment>('PATCH', `${appointment(orgaId, storeId, id)}/done`, write),
    setStatus: (orgaId: string, storeId: string, id: string, status: number) =>
      call<Appointment>('PATCH', `${appointment(orgaId, storeId, id)}/status`, { status }),
    remove: (orgaId: string, storeId: string, id: string, scope: RecurringScope) =>
      call<{ deleted_ids: string[] }>('DELETE', `${appointment(orgaId, storeId, id)}${queryString({ scope })}`),
    treatments: (orgaId: string) => call<Treatment[]>('GET', `${orgaPath(orgaId)}/treatments`),
    /** R1.15 a new secret iCal feed for the store (userId null) or one staff member; the earlier URL stops working. */
    regenerateCalendarFeed: (orgaId: string, storeId: string, userId: string | null) =>
      call<CalendarFeed>('POST', `${storePath(orgaId, storeId)}/calendar_feed`, userId ? { user_id: userId } : {}),

    // crm: the customer and pet pickers
    searchCustomers: (orgaId: string, storeId: string, q: string) =>
      call<{ items: Customer[] }>('GET', `${storePath(orgaId, storeId)}/customers${queryString({ q: q.trim(), limit: 10 })}`),
    petsOfCustomer: (orgaId: string, storeId: string, customerId: string) =>
      call<{ items: Pet[] }>('GET', `${storePath(orgaId, storeId)}/pets${queryString({ customer_id: customerId })}`),
    getPet: (orgaId: string, storeId: string, petId: string) => call<PetDetail>('GET', `${storePath(orgaId, storeId)}/pet/${enc(petId)}`),
    getCustomer: (orgaId: string, storeId: string, customerId: string) =>
      call<CustomerDetail>('GET', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}`),
    /** R5.13 which pet fields the check-out asks for */
    crmSettings: (orgaId: string) => call<{ pet_checkout: Record<string, CheckoutAsk> }>('GET', `${orgaPath(orgaId)}/crm_settings`),
    updatePet: (orgaId: string, storeId: string, petId: string, fields: PetPatch) =>
      call<PetDetail>('PUT', `${storePath(orgaId, storeId)}/pet/${enc(petId)}`, fields),
  };
}

export type SchedulingApi = ReturnType<typeof createSchedulingApi>;
