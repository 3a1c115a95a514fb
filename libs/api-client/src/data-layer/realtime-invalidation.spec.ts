import { QueryClient } from '@tanstack/react-query';
import type { RealtimeMessage } from '../api-types';
import { apiPagesKey, apiQueryKey, type ApiQueryKey } from './api-query-key';
import { createRealtimeInvalidator, realtimeInvalidations } from './realtime-invalidation';

const ORGA = 'o1';
const MILANO = 's-milano';
const TORINO = 's-torino';
const at = (store: string) => ({ orga: ORGA, store });

// What the pages of a salon keep in the cache, two stores apart.
const CACHED: Record<string, ApiQueryKey> = {
  'week milano': apiQueryKey('listAppointmentRange', {
    params: { ...at(MILANO), y: '2026', m: '11', d: '23', y2: '2026', m2: '11', d2: '29' },
  }),
  'week torino': apiQueryKey('listAppointmentRange', {
    params: { ...at(TORINO), y: '2026', m: '11', d: '23', y2: '2026', m2: '11', d2: '29' },
  }),
  'appointment a1': apiQueryKey('getAppointment', { params: { ...at(MILANO), id: 'a1' } }),
  'pet history': apiQueryKey('listPetAppointments', { params: { ...at(MILANO), pet: 'p1', last_date: '0', last_id: 'none' } }),
  'customer history': apiPagesKey('listCustomerAppointments', {
    params: { ...at(MILANO), customer: 'c1', when: 'past', last_date: 'none', last_id: 'none' },
  }),
  'customer summary': apiQueryKey('getCustomerAppointmentSummary', { params: { ...at(MILANO), customer: 'c1' } }),
  'customers milano': apiQueryKey('listCustomers', { params: at(MILANO) }),
  'customers torino': apiQueryKey('listCustomers', { params: at(TORINO) }),
  'customer c1': apiQueryKey('getCustomer', { params: { ...at(MILANO), id: 'c1' } }),
  'customer c2': apiQueryKey('getCustomer', { params: { ...at(MILANO), id: 'c2' } }),
  'pets milano': apiQueryKey('listPets', { params: at(MILANO) }),
  'pet p1': apiQueryKey('getPet', { params: { ...at(MILANO), id: 'p1' } }),
  'pet p2': apiQueryKey('getPet', { params: { ...at(MILANO), id: 'p2' } }),
  'pet cards milano': apiQueryKey('listPetCards', { params: at(MILANO), query: { ids: 'p1,p2' } }),
  tags: apiQueryKey('listTags', { params: { orga: ORGA }, query: { kind: 'customer' } }),
  treatments: apiQueryKey('listTreatments', { params: { orga: ORGA } }),
  'rules milano': apiQueryKey('listBookingRules', { params: at(MILANO) }),
  'slots milano': apiQueryKey('listBookingSlots', { params: { ...at(MILANO), created_time: '0', last_id: 'none' } }),
  'slot b1': apiQueryKey('getBookingSlot', { params: { ...at(MILANO), slot: 'b1' } }),
  'campaigns milano': apiPagesKey('listStoreCampaigns', { params: { ...at(MILANO), last_time: '0', last_id: 'none' } }),
  'campaigns torino': apiPagesKey('listStoreCampaigns', { params: { ...at(TORINO), last_time: '0', last_id: 'none' } }),
  'campaign k1': apiQueryKey('getCampaign', { params: { orga: ORGA, campaign: 'k1' } }),
  'campaign k2': apiQueryKey('getCampaign', { params: { orga: ORGA, campaign: 'k2' } }),
  'campaign k1 customers': apiPagesKey('listCampaignCustomers', { params: { orga: ORGA, campaign: 'k1' } }),
  'answers milano': apiQueryKey('listMessageAnswers', { params: { ...at(MILANO), last_time: '0', last_id: 'none' } }),
  'conversation milano': apiQueryKey('listConversation', { params: { ...at(MILANO), customer: 'c1', last_time: '0', last_id: 'none' } }),
  'conversation torino': apiQueryKey('listConversation', { params: { ...at(TORINO), customer: 'c2', last_time: '0', last_id: 'none' } }),
  'whatsapp account': apiQueryKey('getWhatsappAccount', { params: { orga: ORGA } }),
  'whatsapp registrations': apiQueryKey('listWhatsappTemplates', { params: { orga: ORGA } }),
  templates: apiQueryKey('listMessageTemplates', { params: { orga: ORGA } }),
  sender: apiQueryKey('getMessagingSender', { params: { orga: ORGA } }),
  'notifications milano': apiQueryKey('listNotifications', { params: { ...at(MILANO), anchor: '0', qualifier: 'none' } }),
  'notifications torino': apiQueryKey('listNotifications', { params: { ...at(TORINO), anchor: '0', qualifier: 'none' } }),
  'stock milano': apiQueryKey('listRetailStock', { params: at(MILANO), query: {} }),
  'low stock milano': apiQueryKey('listRetailStock', { params: at(MILANO), query: { low: 'true' } }),
  'stock torino': apiQueryKey('listRetailStock', { params: at(TORINO), query: {} }),
  orga: apiQueryKey('getOrga', { params: { orga: ORGA } }),
  'other orga': apiQueryKey('getOrga', { params: { orga: 'o2' } }),
  subscription: apiQueryKey('getSubscription', { params: { orga: ORGA } }),
  'message count': apiQueryKey('getMessageQuota', { params: { orga: ORGA } }),
  team: apiQueryKey('listTeam', { params: { orga: ORGA } }),
  user: apiQueryKey('getUser'),
};

function message(scope: string, event: string, data: string | null, store: string | null = MILANO): RealtimeMessage {
  return { scope, channel: ORGA, store_id: store, data, event, user: 'u2', device: 'other-device' };
}

/** Which of the cached queries the message invalidates. */
async function invalidatedBy(...messages: RealtimeMessage[]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(CACHED)) client.setQueryData(key, 1);
  const invalidator = createRealtimeInvalidator(client);
  messages.forEach(invalidator.apply);
  await invalidator.flush();
  return Object.entries(CACHED)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('realtime messages become invalidations (spec §4)', () => {
  it("R4.17 an appointment's change refetches its store's week, the appointment and the pet's and customer's history, not another store's week", async () => {
    expect(await invalidatedBy(message('appointment', 'status_by_customer', 'a1'))).toEqual([
      'appointment a1',
      'customer history',
      'customer summary',
      'pet history',
      'week milano',
    ]);
    expect(await invalidatedBy(message('appointment', 'deleted', 'a9'))).toEqual([
      'customer history',
      'customer summary',
      'pet history',
      'week milano',
    ]);
    expect(await invalidatedBy(message('appointment', 'created', 'a9', TORINO))).toEqual(['week torino']);
  });

  it("R4.12 a burst of reminder statuses refetches the week once, the message count and the store's conversations", async () => {
    const client = new QueryClient();
    client.setQueryData(CACHED['week milano'], 1);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const invalidator = createRealtimeInvalidator(client);
    for (let i = 0; i < 50; i++) invalidator.apply(message('reminder', 'status-changed', null));
    await invalidator.flush();
    expect(invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'listAppointmentRange')).toHaveLength(1);
    expect(await invalidatedBy(message('reminder', 'queued', null))).toEqual([
      'appointment a1',
      'conversation milano',
      'message count',
      'week milano',
    ]);
  });

  it('R4.20 a customer deleted or changed elsewhere refetches the lists, its page, the pet lists and calendar cards naming it, not another customer', async () => {
    expect(await invalidatedBy(message('customer', 'deleted', 'c1'))).toEqual([
      'customer c1',
      'customers milano',
      'pet cards milano',
      'pets milano',
    ]);
    // a shared pet's owner shows on any store's calendar and pet list
    expect(await invalidatedBy(message('customer', 'updated', 'c2', TORINO))).toEqual([
      'customer c2',
      'customers torino',
      'pet cards milano',
      'pets milano',
    ]);
  });

  it("R4.20 a pet's change refetches the pet lists, the pet, its owner's page, its history and the calendar's cards", async () => {
    expect(await invalidatedBy(message('pet', 'updated', 'p1'))).toEqual([
      'customer c1',
      'customer c2',
      'customer history',
      'customer summary',
      'pet cards milano',
      'pet p1',
      'pets milano',
    ]);
  });

  it('R4.20 a tag refetches the tags and every customer and pet that shows them', async () => {
    expect(await invalidatedBy(message('tag', 'deleted', 't1', null))).toEqual([
      'customer c1',
      'customer c2',
      'customers milano',
      'customers torino',
      'pet cards milano',
      'pet p1',
      'pet p2',
      'pets milano',
      'tags',
    ]);
  });

  it('a treatment refetches the treatments', async () => {
    expect(await invalidatedBy(message('treatment', 'created', 'w1', null))).toEqual(['treatments']);
  });

  it('R4.19 a booking rule refetches the rules; a booking request the requests and that request', async () => {
    expect(await invalidatedBy(message('rule', 'created', 'r1'))).toEqual(['rules milano']);
    expect(await invalidatedBy(message('slot', 'accepted', 'b1'))).toEqual(['slot b1', 'slots milano']);
  });

  it("R4.20 R4.13 a campaign's change refetches its store's list, the campaign and its customers, not another campaign", async () => {
    expect(await invalidatedBy(message('campaign', 'sent', 'k1'))).toEqual(['campaign k1', 'campaign k1 customers', 'campaigns milano']);
    expect(await invalidatedBy(message('campaign', 'deleted', 'k2', TORINO))).toEqual(['campaign k2', 'campaigns torino']);
  });

  it("R4.20 a customer's answer refetches the store's answers and conversations", async () => {
    expect(await invalidatedBy(message('answer', 'received', 'm1'))).toEqual(['answers milano', 'conversation milano']);
    expect(await invalidatedBy(message('outbound-message', 'sent', 'm2'))).toEqual(['conversation milano']);
  });

  it("issue 27 a message's status from the phone refetches the conversations; a campaign's message its store's only", async () => {
    expect(await invalidatedBy(message('provider-status', 'received', null, null))).toEqual(['conversation milano', 'conversation torino']);
    expect(await invalidatedBy(message('campaign-message', 'status-changed', 'm3'))).toEqual(['conversation milano']);
  });

  it("issue 27 the WhatsApp number's change or a template's review refetches the connect screen and the template lists", async () => {
    expect(await invalidatedBy(message('whatsapp-account', 'changed', null, null))).toEqual([
      'sender',
      'templates',
      'whatsapp account',
      'whatsapp registrations',
    ]);
    expect(await invalidatedBy(message('whatsapp-template', 'status-changed', 'w1', null))).toEqual([
      'templates',
      'whatsapp account',
      'whatsapp registrations',
    ]);
  });

  it("R4.01 a notification refetches the store's bell only", async () => {
    expect(await invalidatedBy(message('notification', 'created', 'n1'))).toEqual(['notifications milano']);
  });

  it("issue 32 a stock movement or a counter sale refetches that store's stock lists only", async () => {
    expect(await invalidatedBy(message('stock', 'changed', null))).toEqual(['low stock milano', 'stock milano']);
    expect(await invalidatedBy(message('sale', 'created', null, TORINO))).toEqual(['stock torino']);
  });

  it('R4.21 a subscription update refetches the organization, its subscription and its message count', async () => {
    expect(await invalidatedBy(message('subscription', 'changed', 'standard', null))).toEqual(['message count', 'orga', 'subscription']);
  });

  it("the organization's, a store's or a member's change refetches the frame's organization (store switcher, ranks)", async () => {
    expect(await invalidatedBy(message('orga', 'updated', ORGA, null))).toEqual(['orga']);
    expect(await invalidatedBy(message('store', 'created', 's3', 's3'))).toEqual(['orga']);
    expect(await invalidatedBy(message('member', 'changed', 'u3', null))).toEqual(['orga', 'team']);
  });

  it('a scope the table does not know changes nothing (not even one named like an Object property)', async () => {
    expect(await invalidatedBy(message('session', 'revoked', 'x'), message('constructor', 'x', null))).toEqual([]);
    expect(realtimeInvalidations(message('toString', 'x', null))).toEqual([]);
  });
});
