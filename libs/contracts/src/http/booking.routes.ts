import {
  acceptBookingSlotRpc,
  checkPublicCustomerRpc,
  createBookingRuleRpc,
  createPublicBookingRequestRpc,
  deleteBookingRuleRpc,
  deleteBookingSlotRpc,
  declineBookingSlotRpc,
  getBookingRuleRpc,
  getBookingSetupRpc,
  getBookingSlotRpc,
  getPublicAvailabilityRpc,
  getPublicBookingStoreRpc,
  getPublicChallengeRpc,
  listBookingRulesRpc,
  listBookingSlotsRpc,
  listServiceTimesRpc,
  saveServiceTimesRpc,
  updateBookingSetupRpc,
} from '../booking';
import { defineRoute, type PathParameter } from '../core/http-route';
import { DATE_PART_PARAMS, SIX_DATE_PARTS } from './path-params';

// Online booking (spec §7 "Booking", R7.06): the salon's admin routes under the store, the service-time matrix
// under the organization's treatments, and the public routes the widget calls without a login.

const STORE = '/api/v1/orga/:orga/store/:store';
const PUBLIC = '/api/v1/public/booking/:public_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PUBLIC_ID_PARAMS: Record<string, PathParameter> = {
  public_id: { pattern: /^[a-z0-9]{16}$/, description: 'The store public id of the booking widget' },
};
const SLOT_PAGE_PARAMS: Record<string, PathParameter> = {
  created_time: { pattern: /^\d{1,15}$/, description: "The last request's created_time (Unix ms), or 0 for the first page" },
  last_id: {
    pattern: /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    description: "The last request's id, or none",
  },
};
const idParam = (name: string, what: string): Record<string, PathParameter> => ({
  [name]: { pattern: UUID, description: `The ${what} id` },
});

const storeScoped = { orga_id: true, store_id: true } as const;

export const bookingHttpRoutes = {
  listBookingRules: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/rules`,
    summary: "The store's booking rules: undated ones (the zero-to-zero interval) first (v list)",
    tag: 'booking',
    response: listBookingRulesRpc.response,
  }),
  listBookingRulesInRange: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/rules/${SIX_DATE_PARTS}`,
    summary: 'The undated booking rules and those whose dates meet the range (v list)',
    tag: 'booking',
    params: DATE_PART_PARAMS,
    response: listBookingRulesRpc.response,
  }),
  getBookingRule: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/rule/:rule`,
    summary: 'One booking rule',
    tag: 'booking',
    params: idParam('rule', 'booking rule'),
    response: getBookingRuleRpc.response,
  }),
  createBookingRule: defineRoute({
    method: 'post',
    path: `${STORE}/booking/admin/rule`,
    summary: 'Add office hours, a staff member’s hours or an exception (store administrators)',
    tag: 'booking',
    status: 201,
    body: createBookingRuleRpc.request.omit(storeScoped),
    response: createBookingRuleRpc.response,
  }),
  deleteBookingRule: defineRoute({
    method: 'delete',
    path: `${STORE}/booking/admin/rule/:rule`,
    summary: 'Remove a booking rule (store administrators)',
    tag: 'booking',
    params: idParam('rule', 'booking rule'),
    response: deleteBookingRuleRpc.response,
  }),
  listServiceTimes: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/treatments/additional_info',
    summary: 'Service minutes per pet type, breed, size, coat and treatment (v list)',
    tag: 'booking',
    response: listServiceTimesRpc.response,
  }),
  saveServiceTimes: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/treatments/additional_info',
    summary: 'Set or remove cells of the service-time matrix (organization administrators)',
    tag: 'booking',
    body: saveServiceTimesRpc.request.omit({ orga_id: true }),
    response: saveServiceTimesRpc.response,
  }),
  getBookingSetup: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/setup`,
    summary: "The store's booking setup: public id, allowed origins, notice, horizon, buffer, slot step",
    tag: 'booking',
    response: getBookingSetupRpc.response,
  }),
  updateBookingSetup: defineRoute({
    method: 'patch',
    path: `${STORE}/booking/admin/setup`,
    summary: "Change the store's booking setup (store administrators)",
    tag: 'booking',
    body: updateBookingSetupRpc.request.omit(storeScoped),
    response: updateBookingSetupRpc.response,
  }),
  listBookingSlots: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/slots/:created_time/:last_id`,
    summary: 'Pending booking requests, newest first, 100 a page after (created_time, last id) (v list)',
    tag: 'booking',
    params: SLOT_PAGE_PARAMS,
    response: listBookingSlotsRpc.response,
  }),
  getBookingSlot: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/slot/:slot`,
    summary: 'One booking request',
    tag: 'booking',
    params: idParam('slot', 'booking request'),
    response: getBookingSlotRpc.response,
  }),
  acceptBookingSlot: defineRoute({
    method: 'post',
    path: `${STORE}/booking/admin/slot/:slot/accept`,
    summary:
      'Confirm a booking request: the appointment (and the customer and pets where new) is created; a time that collides by now is 409 conflict unless allow_conflict',
    tag: 'booking',
    params: idParam('slot', 'booking request'),
    body: acceptBookingSlotRpc.request.omit({ ...storeScoped, slot_id: true }),
    response: acceptBookingSlotRpc.response,
  }),
  deleteBookingSlot: defineRoute({
    method: 'delete',
    path: `${STORE}/booking/admin/slot/:slot`,
    summary: 'Delete a booking request; the customer is sent nothing',
    tag: 'booking',
    params: idParam('slot', 'booking request'),
    response: deleteBookingSlotRpc.response,
  }),
  declineBookingSlot: defineRoute({
    method: 'post',
    path: `${STORE}/booking/admin/slot/:slot/decline`,
    summary: 'Refuse a booking request: its time is freed and the customer is told it is not possible, with the link to book again',
    tag: 'booking',
    params: idParam('slot', 'booking request'),
    response: declineBookingSlotRpc.response,
  }),
  getPublicBookingStore: defineRoute({
    method: 'get',
    path: PUBLIC,
    summary: 'What the booking widget shows of a store: name, treatments, groomers (no login)',
    tag: 'public-booking',
    params: PUBLIC_ID_PARAMS,
    response: getPublicBookingStoreRpc.response,
  }),
  getPublicAvailability: defineRoute({
    method: 'post',
    path: `${PUBLIC}/availability`,
    summary: 'Free slots for pets and treatments, one groomer or any (no login)',
    tag: 'public-booking',
    params: PUBLIC_ID_PARAMS,
    body: getPublicAvailabilityRpc.request.omit({ public_id: true }),
    response: getPublicAvailabilityRpc.response,
  }),
  checkPublicCustomer: defineRoute({
    method: 'post',
    path: `${PUBLIC}/customer-check`,
    summary: 'Phone and last name of a known customer: their pets (no login)',
    tag: 'public-booking',
    params: PUBLIC_ID_PARAMS,
    body: checkPublicCustomerRpc.request.omit({ public_id: true }),
    response: checkPublicCustomerRpc.response,
  }),
  getPublicChallenge: defineRoute({
    method: 'post',
    path: `${PUBLIC}/challenge`,
    summary: 'A proof-of-work challenge for one booking request (no login)',
    tag: 'public-booking',
    params: PUBLIC_ID_PARAMS,
    response: getPublicChallengeRpc.response,
  }),
  createPublicBookingRequest: defineRoute({
    method: 'post',
    path: `${PUBLIC}/request`,
    summary: 'Ask for a slot (no login): 201 booked, 409 taken with fresh slots',
    tag: 'public-booking',
    status: 201,
    params: PUBLIC_ID_PARAMS,
    body: createPublicBookingRequestRpc.request.omit({ public_id: true }),
    response: createPublicBookingRequestRpc.response,
  }),
} as const;
