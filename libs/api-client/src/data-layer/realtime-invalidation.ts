import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeMessage } from '../api-types';
import { apiQueryFilter as key, type ApiQueryFilter } from './api-query-key';

/** What a rule reads of a realtime message (R3.17): the organization, the store when it has one, the entity's id. */
export type RealtimeFacts = { orga: string; store: string | undefined; id: string | undefined; event: string };

export type RealtimeRule = (facts: RealtimeFacts) => readonly ApiQueryFilter[];

/**
 * spec §4 realtime, in one place: for each entity (the message's scope, evt.<service>.<scope>.<event>.v1)
 * the queries it changes. A created, changed or deleted entity refetches the lists and the page that show
 * it (R4.17, R4.20: a list read again no longer has a deleted row; a page read again answers 404, which the
 * page shows as deleted elsewhere). Keys are narrowed to the message's organization, store and id; a
 * message without a store matches every store. Entities missing here change nothing on screen.
 */
export const REALTIME_INVALIDATIONS: Readonly<Record<string, RealtimeRule>> = {
  // R4.17 the store's calendar and recurring groups, the appointment itself, the pet's and the customer's history
  appointment: ({ orga, store, id }) => [
    key('listAppointmentRange', { orga, store }),
    key('listRecurringGroup', { orga, store }),
    key('getAppointment', { orga, store, id }),
    key('listPetAppointments', { orga, store }),
    key('latestPetAppointment', { orga, store }),
    key('listCustomerAppointments', { orga, store }),
    key('getCustomerAppointmentSummary', { orga, store }),
    // issue 30 a no-show or a decline changes the customer's risk
    key('getCustomerNoShowRisk', { orga, store }),
  ],
  // R4.12 a reminder's status is on the appointment's card; a queued one takes from the message count (R4.23)
  reminder: ({ orga, store }) => [
    key('listAppointmentRange', { orga, store }),
    key('getAppointment', { orga, store }),
    key('getMessageQuota', { orga }),
    // the reminder is a line of its customer's conversation, with its status (issue 27)
    key('listConversation', { orga, store }),
  ],
  // R4.20 customers, pets and their tags; the pet lists name each pet's owner (issue 29), in every store
  customer: ({ orga, store, id }) => [
    key('listCustomers', { orga, store }),
    key('listSharedCustomers', { orga }),
    key('getCustomer', { orga, id }),
    key('listPrivacyFiles', { orga, customer: id }),
    // issue 30 staff's deposit choice is published as a change of the customer
    key('getCustomerNoShowRisk', { orga, customer: id }),
    // the calendar's cards name the owner (any store's calendar may show a shared pet's owner)
    key('listPetCards', { orga }),
    key('listPets', { orga }),
    key('listSharedPets', { orga }),
  ],
  // a pet shows on its owner's page, whose id the message does not carry
  pet: ({ orga, store, id }) => [
    key('listPets', { orga, store }),
    key('listSharedPets', { orga }),
    key('getPet', { orga, id }),
    key('listPetImages', { orga, pet: id }),
    // issue 31 a vaccination or its proof changed is published as a change of the pet
    key('listVaccinations', { orga, pet: id }),
    key('getCustomer', { orga, store }),
    key('listPetCards', { orga }),
    // a customer's appointments are found by their pets
    key('listCustomerAppointments', { orga, store }),
    key('getCustomerAppointmentSummary', { orga, store }),
  ],
  tag: ({ orga }) => [
    key('listTags', { orga }),
    key('listCustomers', { orga }),
    key('listPets', { orga }),
    key('getCustomer', { orga }),
    key('getPet', { orga }),
    key('listPetCards', { orga }),
  ],
  treatment: ({ orga }) => [key('listTreatments', { orga }), key('listServiceTimes', { orga })],
  // R4.19 booking rules and requests (slots)
  rule: ({ orga, store, id }) => [
    key('listBookingRules', { orga, store }),
    key('listBookingRulesInRange', { orga, store }),
    key('getBookingRule', { orga, store, rule: id }),
    key('getBookingSetup', { orga, store }),
  ],
  slot: ({ orga, store, id }) => [key('listBookingSlots', { orga, store }), key('getBookingSlot', { orga, store, slot: id })],
  // issue 30 a store's no-show policy saved on another device
  'no-show-policy': ({ orga, store }) => [key('getNoShowPolicy', { orga, store })],
  // issue 30 the waitlist screen: an entry added, removed or booked, and each offer made, taken, expired or gone
  waitlist: ({ orga, store }) => [key('listWaitlist', { orga, store })],
  'waitlist-offer': ({ orga, store }) => [key('listWaitlist', { orga, store })],
  // R4.20 R4.13 campaigns: the lists, the campaign and its customers' statuses
  campaign: ({ orga, store, id }) => [
    key('listStoreCampaigns', { orga, store }),
    key('listCampaigns', { orga }),
    key('getCampaign', { orga, campaign: id }),
    key('listCampaignCustomers', { orga, campaign: id }),
  ],
  // R4.20 messages: customers' answers and conversations
  answer: ({ orga, store, id }) => [
    key('listMessageAnswers', { orga, store }),
    key('getMessageAnswer', { orga, store, id }),
    key('listConversation', { orga, store }),
  ],
  inbound: ({ orga, store }) => [key('listConversation', { orga, store }), key('listMessageAnswers', { orga, store })],
  'outbound-message': ({ orga, store }) => [key('listConversation', { orga, store })],
  // issue 27: a status from the phone moves any message of ours forward (a reply, a template); a campaign's message too
  'provider-status': ({ orga }) => [key('listConversation', { orga })],
  'campaign-message': ({ orga, store }) => [key('listConversation', { orga, store })],
  // issue 27: the salon's WhatsApp number connected or read again, and Meta's review of a template
  'whatsapp-account': ({ orga }) => [
    key('getWhatsappAccount', { orga }),
    key('listWhatsappTemplates', { orga }),
    key('listMessageTemplates', { orga }),
    key('getMessagingSender', { orga }),
  ],
  'whatsapp-template': ({ orga }) => [
    key('listWhatsappTemplates', { orga }),
    key('listMessageTemplates', { orga }),
    key('getWhatsappAccount', { orga }),
  ],
  // R4.01 the bell's list
  notification: ({ orga, store }) => [key('listNotifications', { orga, store })],
  // R4.21 a subscription update refetches the organization (its tier closes the trial banner) and the plan pages
  subscription: ({ orga }) => [
    key('getOrga', { orga }),
    key('getSubscription', { orga }),
    key('listPlans', { orga }),
    key('listInvoices', { orga }),
    key('getMessageQuota', { orga }),
  ],
  // issue 32: a stock movement or a counter sale changes the store's stock list and the product's movements
  stock: ({ orga, store }) => [key('listRetailStock', { orga, store }), key('listRetailMovements', { orga, store })],
  sale: ({ orga, store }) => [key('listRetailStock', { orga, store })],
  // messaging's news of the organization's message quota
  quota: ({ orga }) => [key('getMessageQuota', { orga })],
  payment: ({ orga }) => [key('getSubscription', { orga }), key('listInvoices', { orga })],
  // the frame's organization: its name, stores and members (ranks)
  orga: ({ orga }) => [key('getOrga', { orga }), key('listOrgas')],
  store: ({ orga, id }) => [key('getOrga', { orga }), key('listStores', { orga }), key('getStore', { orga, store: id })],
  member: ({ orga, id }) => [key('getOrga', { orga }), key('listTeam', { orga }), key('getTeamMember', { orga, user: id })],
};

/** The queries a realtime message changes (none for a scope the table does not know). */
export function realtimeInvalidations(message: RealtimeMessage, rules = REALTIME_INVALIDATIONS): readonly ApiQueryFilter[] {
  const rule = Object.hasOwn(rules, message.scope) ? rules[message.scope] : undefined;
  if (!rule) return [];
  return rule({ orga: message.channel, store: message.store_id ?? undefined, id: message.data ?? undefined, event: message.event });
}

export type RealtimeInvalidator = {
  /** Takes a message; its queries are invalidated with the others of the same burst. */
  apply: (message: RealtimeMessage) => void;
  /** Invalidates what is waiting now. */
  flush: () => Promise<void>;
  stop: () => void;
};

/** How long a burst of messages (a campaign's statuses, the noon reminders) is gathered into one refetch. */
export const REALTIME_BURST_MS = 150;

/**
 * Applies the table to a QueryClient: the filters of the messages arriving within `burstMs` are gathered
 * and each invalidated once, so 50 reminder statuses refetch a calendar week once, not 50 times.
 */
export function createRealtimeInvalidator(client: QueryClient, burstMs = REALTIME_BURST_MS): RealtimeInvalidator {
  const waiting = new Map<string, ApiQueryFilter>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const filters = [...waiting.values()];
    waiting.clear();
    await Promise.all(filters.map((filter) => client.invalidateQueries({ queryKey: filter })));
  }

  return {
    apply(message) {
      for (const filter of realtimeInvalidations(message)) waiting.set(JSON.stringify(filter), filter);
      if (waiting.size > 0 && !timer) timer = setTimeout(() => void flush(), burstMs);
    },
    flush,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      waiting.clear();
    },
  };
}
