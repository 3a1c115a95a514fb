import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the booking admin, derived from the route declarations (libs/contracts/src/http/booking.routes.ts);
// the pages read and write them with useApiQuery, useApiPages and useApiMutation.
export type BookingSlot = AnswerOf<'getBookingSlot'>;
export type BookingRule = AnswerOf<'getBookingRule'>;
export type BookingRuleFields = BodyOf<'createBookingRule'>;
export type ServiceTime = AnswerOf<'listServiceTimes'>['v'][number];
export type ServiceTimeChange = BodyOf<'saveServiceTimes'>['entries'][number];
export type BookingSetup = AnswerOf<'getBookingSetup'>;
export type BookingSetupChange = BodyOf<'updateBookingSetup'>;
export type Treatment = AnswerOf<'listTreatments'>[number];
export type NoShowPolicy = AnswerOf<'getNoShowPolicy'>;
export type NoShowPolicyChange = BodyOf<'saveNoShowPolicy'>;

/** R7.06 the requests' cursor: the last request's created_time and id, 0 / none for the first page. */
export type SlotCursor = { created_time: string; last_id: string };
export const FIRST_SLOT_PAGE: SlotCursor = { created_time: '0', last_id: 'none' };

/** The treatments a request or a service time may name: archived ones too (a request may name one archived since). */
export const ALL_TREATMENTS = { include_archived: 'true' } as const;

/** What a decision on a request changes on screen: the store's requests and that request. */
export function slotWrites(orga: string, store: string, slot: string): ApiQueryFilter[] {
  return [apiQueryFilter('listBookingSlots', { orga, store }), apiQueryFilter('getBookingSlot', { orga, store, slot })];
}

/** What a rule's write changes on screen: the store's rules (as the realtime scope `rule` does). */
export function ruleWrites(orga: string, store: string): ApiQueryFilter[] {
  return [apiQueryFilter('listBookingRules', { orga, store }), apiQueryFilter('listBookingRulesInRange', { orga, store })];
}

// issue 30 the waitlist (ADR 0063)
export type WaitlistEntry = AnswerOf<'listWaitlist'>['entries'][number];
export type WaitlistEntryChange = BodyOf<'createWaitlistEntry'>;

/** What a waitlist write changes on screen: the store's list (as the realtime scopes `waitlist` and `waitlist-offer` do). */
export function waitlistWrites(orga: string, store: string): ApiQueryFilter[] {
  return [apiQueryFilter('listWaitlist', { orga, store })];
}
