import { API_ROUTES, createRemoteHttp, type AnswerOf, type BodyOf, type RemoteHttpOptions } from '@pawline/api-client';

// The wire shapes of the booking admin, derived from the route declarations (libs/contracts/src/http/booking.routes.ts).
export type BookingSlot = AnswerOf<'getBookingSlot'>;
export type BookingRule = AnswerOf<'getBookingRule'>;
export type BookingRuleFields = BodyOf<'createBookingRule'>;
export type ServiceTime = AnswerOf<'listServiceTimes'>['v'][number];
export type ServiceTimeChange = BodyOf<'saveServiceTimes'>['entries'][number];
export type BookingSetup = AnswerOf<'getBookingSetup'>;
export type BookingSetupChange = BodyOf<'updateBookingSetup'>;
export type Treatment = AnswerOf<'listTreatments'>[number];

/** R7.06 the requests' cursor: the last request's created_time and id, 0 / none for the first page. */
export type SlotCursor = { created_time: string; last_id: string };
export const FIRST_SLOT_PAGE: SlotCursor = { created_time: '0', last_id: 'none' };

/** The shell's borrowed session and language: what every remote hands createRemoteHttp. */
export type BookingApiOptions = RemoteHttpOptions;

/** The booking admin routes of the gateway (API_ROUTES) for one store, with the shell's session. */
export function createBookingApi(options: BookingApiOptions, orgaId: string, storeId: string) {
  const { request } = createRemoteHttp(options);
  const R = API_ROUTES;
  const orga = { orga: orgaId };
  const store = { orga: orgaId, store: storeId };
  return {
    listSlots: (cursor: SlotCursor) => request(R.listBookingSlots, { params: { ...store, ...cursor } }),
    getSlot: (slotId: string) => request(R.getBookingSlot, { params: { ...store, slot: slotId } }),
    // allow_conflict: true books a request whose time collides by now (the server's 409 conflict names it)
    acceptSlot: (slotId: string, allowConflict = false) =>
      request(R.acceptBookingSlot, { params: { ...store, slot: slotId }, body: { allow_conflict: allowConflict } }),
    deleteSlot: (slotId: string) => request(R.deleteBookingSlot, { params: { ...store, slot: slotId } }),

    listRules: () => request(R.listBookingRules, { params: store }),
    createRule: (fields: BookingRuleFields) => request(R.createBookingRule, { params: store, body: fields }),
    deleteRule: (ruleId: string) => request(R.deleteBookingRule, { params: { ...store, rule: ruleId } }),

    listServiceTimes: () => request(R.listServiceTimes, { params: orga }),
    saveServiceTimes: (entries: ServiceTimeChange[]) => request(R.saveServiceTimes, { params: orga, body: { entries } }),
    /** archived ones too: a request may name a treatment archived since */
    listTreatments: () => request(R.listTreatments, { params: orga, query: { include_archived: 'true' } }),

    getSetup: () => request(R.getBookingSetup, { params: store }),
    updateSetup: (change: BookingSetupChange) => request(R.updateBookingSetup, { params: store, body: change }),
  };
}

export type BookingApi = ReturnType<typeof createBookingApi>;
