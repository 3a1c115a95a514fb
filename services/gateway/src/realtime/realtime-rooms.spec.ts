import fc from 'fast-check';
import type { EventEnvelope } from '@pawline/contracts';
import { canReachStore, canUseSharedLists, isAllowed, type Membership } from '@pawline/nest-kit';
import { accessRoomsOf, eventRoomsOf, isAccessRoom, roomChanges } from './realtime-rooms';

const orga = '11111111-1111-4111-8111-111111111111';
const otherOrga = '99999999-9999-4999-8999-999999999999';
const storeA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const storeB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const storeC = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const stores = [storeA, storeB, storeC];
const self = '33333333-3333-4333-8333-333333333333';
const colleague = '44444444-4444-4444-8444-444444444444';

/** identity's store_ids: the stores the membership reaches (R6.04), none when inactive. */
function membership(partial: Partial<Membership>): Membership {
  const m: Membership = {
    member: true,
    active: true,
    orga_rank: 3,
    employee_status: 1,
    store_overrides: {},
    store_ids: [],
    min_ranks: { read_store: 3, write_store: 3, read_pets: 3, write_pets: 3 },
    share_pets: false,
    ...partial,
  };
  const overridden = Object.keys(m.store_overrides);
  const reached = overridden.length > 0 ? stores.filter((s) => overridden.includes(s)) : m.employee_status === 1 ? stores : [];
  return { ...m, store_ids: m.member && m.active ? reached : [] };
}

function event(subject: string, storeId: string | null, data: Record<string, unknown> = {}, orgaId = orga): EventEnvelope {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    subject,
    occurredAt: '2026-11-24T10:00:00.000Z',
    orgaId,
    storeId,
    actor: null,
    data: { orga_id: orgaId, ...(storeId ? { store_id: storeId } : {}), ...data },
  };
}

const appointmentIn = (storeId: string) => event('evt.scheduling.appointment.created.v1', storeId, { id: 'x' });
const petIn = (storeId: string) => event('evt.crm.pet.updated.v1', storeId, { pet_id: 'p' });

function receives(m: Membership, envelope: EventEnvelope, userId = self, socketOrga = orga): boolean {
  const rooms = new Set(accessRoomsOf(socketOrga, userId, m));
  return eventRoomsOf(envelope).some((room) => rooms.has(room));
}

describe('realtime rooms', () => {
  it('R6.04 a worker with an override on store A receives A’s appointments and not B’s', () => {
    const worker = membership({ orga_rank: 4, store_overrides: { [storeA]: 3 } });
    expect(receives(worker, appointmentIn(storeA))).toBe(true);
    expect(receives(worker, appointmentIn(storeB))).toBe(false);
    expect(receives(worker, petIn(storeB))).toBe(false);
  });

  it('R6.04 a member without store access (employee_status 0, no overrides) receives no store event, only the organization’s', () => {
    const outsider = membership({ orga_rank: 3, employee_status: 0 });
    for (const storeId of stores) {
      expect(receives(outsider, appointmentIn(storeId))).toBe(false);
      expect(receives(outsider, petIn(storeId))).toBe(false);
      expect(receives(outsider, event('evt.identity.store.updated.v1', storeId))).toBe(false);
    }
    expect(receives(outsider, event('evt.identity.orga.updated.v1', null, { fields: ['tier'] }))).toBe(true);
    expect(receives(outsider, event('evt.crm.tag.created.v1', null, { tag_id: 't', store_id: null }))).toBe(true);
  });

  it('R6.03 a rank above the minimum to read the store opens no room of it', () => {
    const worker2 = membership({ orga_rank: 4 });
    expect(receives(worker2, appointmentIn(storeA))).toBe(false);
    // it still reaches the store (its store list), and the organization's events
    expect(receives(worker2, event('evt.identity.store.updated.v1', storeA))).toBe(true);
  });

  it('R6.08 with share_pets a member reading pets in one store hears of every store’s pets, not of their appointments', () => {
    const worker = membership({ orga_rank: 4, store_overrides: { [storeA]: 3 }, share_pets: true });
    expect(receives(worker, petIn(storeB))).toBe(true);
    expect(receives(worker, appointmentIn(storeB))).toBe(false);
    expect(receives({ ...worker, share_pets: false }, petIn(storeB))).toBe(false);
  });

  it('R6.02 R6.06 campaign events reach the store’s administrators and the organization’s, never a worker who reads the store', () => {
    const campaignIn = (storeId: string) => event('evt.marketing.campaign.created.v1', storeId, { campaign_id: 'c' });
    const messageOf = (storeId: string) =>
      event('evt.messaging.campaign-message.status-changed.v1', storeId, { campaign_id: 'c', customer_id: 'x', status: 2 });
    const worker = membership({ orga_rank: 3 });
    expect(receives(worker, appointmentIn(storeA))).toBe(true);
    expect(receives(worker, campaignIn(storeA))).toBe(false);
    expect(receives(worker, messageOf(storeA))).toBe(false);
    const storeAdmin = membership({ orga_rank: 4, store_overrides: { [storeA]: 1, [storeB]: 3 } });
    expect(receives(storeAdmin, campaignIn(storeA))).toBe(true);
    expect(receives(storeAdmin, messageOf(storeA))).toBe(true);
    expect(receives(storeAdmin, campaignIn(storeB))).toBe(false);
    expect(receives(membership({ orga_rank: 1 }), campaignIn(storeC))).toBe(true);
    expect(receives(membership({ orga_rank: 0 }), event('evt.marketing.campaign.deleted.v1', null, { campaign_id: 'c' }))).toBe(true);
    expect(receives(worker, event('evt.marketing.campaign.deleted.v1', null, { campaign_id: 'c' }))).toBe(false);
  });

  it('R3.03 a deactivated member and a non-member have no rooms at all', () => {
    expect(accessRoomsOf(orga, self, membership({ active: false, orga_rank: 0 }))).toEqual([]);
    expect(accessRoomsOf(orga, self, membership({ member: false, orga_rank: 0 }))).toEqual([]);
  });

  it('sends a member change to the administrators and to the member, and nobody’s registration or sessions to anyone', () => {
    const worker = membership({});
    const admin = membership({ orga_rank: 1 });
    const changed = (userId: string) => event('evt.identity.member.changed.v1', null, { user_id: userId, change: 'updated' });
    expect(receives(worker, changed(self))).toBe(true);
    expect(receives(worker, changed(colleague))).toBe(false);
    expect(receives(admin, changed(colleague))).toBe(true);
    expect(eventRoomsOf(event('evt.identity.user.registered.v1', storeA, { user_id: self }))).toEqual([]);
    expect(eventRoomsOf(event('evt.identity.session.revoked.v1', null, { user_id: self }))).toEqual([]);
  });

  it('sends an event of no known kind to its store’s readers, or without a store to the administrators only', () => {
    expect(receives(membership({}), event('evt.messaging.conversation.updated.v1', storeA))).toBe(true);
    expect(receives(membership({}), event('evt.messaging.inbound.received.v1', null))).toBe(false);
    expect(receives(membership({ orga_rank: 1 }), event('evt.messaging.inbound.received.v1', null))).toBe(true);
    expect(eventRoomsOf({ ...event('evt.crm.tag.created.v1', null), orgaId: null })).toEqual([]);
  });

  it('moves only access rooms: leaves what is lost, joins what is new', () => {
    const current = ['socket-id', 'user:u', 'session:s', `o:${orga}:member`, `o:${orga}:store:${storeA}`];
    expect(roomChanges(current, [`o:${orga}:member`, `o:${orga}:store:${storeB}`])).toEqual({
      leave: [`o:${orga}:store:${storeA}`],
      join: [`o:${orga}:store:${storeB}`],
    });
    expect(isAccessRoom('user:u')).toBe(false);
  });

  const rank = fc.integer({ min: 0, max: 4 });
  const memberships = fc
    .record({
      member: fc.boolean(),
      active: fc.boolean(),
      orga_rank: rank,
      employee_status: fc.integer({ min: 0, max: 2 }),
      store_overrides: fc.dictionary(fc.constantFrom(...stores), rank, { maxKeys: 3 }),
      min_ranks: fc.record({ read_store: rank, write_store: rank, read_pets: rank, write_pets: rank }),
      share_pets: fc.boolean(),
    })
    .map((m) => membership(m));

  it('R6.01 R6.03 R6.04 R6.08 a socket receives an event exactly when its member may read the entity over HTTP, and never another organization’s', () => {
    fc.assert(
      fc.property(memberships, fc.constantFrom(...stores), fc.constantFrom(self, colleague), (m, storeId, changedUser) => {
        const member = isAllowed(m, 'member', null);
        // GET …/store/:store/appointments: store_read
        expect(receives(m, appointmentIn(storeId))).toBe(isAllowed(m, 'store_read', storeId));
        // GET …/store/:store/pets (store_read, then pet_read) or, with share_pets, …/shared/pets
        const petsReadable = m.share_pets
          ? canUseSharedLists(m, 'pet_read')
          : isAllowed(m, 'store_read', storeId) && isAllowed(m, 'pet_read', storeId);
        expect(receives(m, petIn(storeId))).toBe(petsReadable);
        // GET …/marketing/store/:store (store_admin) or /orga/:orga/marketing (orga_admin)
        const campaign = event('evt.marketing.campaign.updated.v1', storeId, { campaign_id: 'c' });
        expect(receives(m, campaign)).toBe(isAllowed(m, 'store_admin', storeId) || isAllowed(m, 'orga_admin', null));
        // GET /orga/:orga/store lists the reached stores
        expect(receives(m, event('evt.identity.store.updated.v1', storeId))).toBe(canReachStore(m, storeId));
        // GET /orga/:orga and …/tags: any member
        expect(receives(m, event('evt.identity.orga.updated.v1', null))).toBe(member);
        expect(receives(m, event('evt.crm.tag.updated.v1', null, { tag_id: 't' }))).toBe(member);
        const change = event('evt.identity.member.changed.v1', null, { user_id: changedUser, change: 'updated' });
        expect(receives(m, change)).toBe(isAllowed(m, 'orga_admin', null) || (member && changedUser === self));
        // a socket of another organization, whatever its access there
        for (const envelope of [appointmentIn(storeId), petIn(storeId), event('evt.crm.tag.created.v1', null), change, campaign]) {
          expect(receives(m, envelope, self, otherOrga)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
