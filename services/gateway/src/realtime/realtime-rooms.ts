import type { EventEnvelope } from '@pawline/contracts';
import { canReachStore, canUseSharedLists, isAllowed, type Membership } from '@pawline/nest-kit';

/**
 * The rooms of the realtime socket (docs/adr/0012). A socket is in the rooms its membership opens
 * (`accessRoomsOf`); an event goes to the rooms its entity is read through (`eventRoomsOf`). Both
 * carry the organization, so a store id never crosses organizations. Every access room starts
 * with `o:`; the gateway's own rooms (user, session: for disconnecting) do not.
 */
export const ACCESS_ROOM_PREFIX = 'o:';

export const memberRoom = (orgaId: string) => `o:${orgaId}:member`;
export const adminRoom = (orgaId: string) => `o:${orgaId}:admin`;
/** The member's own sockets in the organization (their own membership changes). */
export const ownRoom = (orgaId: string, userId: string) => `o:${orgaId}:user:${userId}`;
/** Members who reach the store (it is in their store list). */
export const reachRoom = (orgaId: string, storeId: string) => `o:${orgaId}:reach:${storeId}`;
/** Members who may read the store (store_read): its appointments and other store data. */
export const storeRoom = (orgaId: string, storeId: string) => `o:${orgaId}:store:${storeId}`;
/** Administrators of the store (store_admin): its marketing (spec §2, §6: campaigns are the store administrators'). */
export const storeAdminRoom = (orgaId: string, storeId: string) => `o:${orgaId}:store-admin:${storeId}`;
/** Members who may read the store's customers and pets (store_read and pet_read there). */
export const petsRoom = (orgaId: string, storeId: string) => `o:${orgaId}:pets:${storeId}`;
/** Members who may read the organization's shared customer and pet lists (share_pets, R6.08). */
export const sharedPetsRoom = (orgaId: string) => `o:${orgaId}:pets`;

export function isAccessRoom(room: string): boolean {
  return room.startsWith(ACCESS_ROOM_PREFIX);
}

/**
 * The rooms a member's socket of `orgaId` belongs to, by the spec §6 rules the HTTP routes of the
 * same data apply (access-rules.ts). No membership, or an inactive one, opens none.
 */
export function accessRoomsOf(orgaId: string, userId: string, m: Membership): string[] {
  if (!isAllowed(m, 'member', null)) return [];
  const rooms = [memberRoom(orgaId), ownRoom(orgaId, userId)];
  if (isAllowed(m, 'orga_admin', null)) rooms.push(adminRoom(orgaId));
  for (const storeId of m.store_ids) {
    if (!canReachStore(m, storeId)) continue;
    rooms.push(reachRoom(orgaId, storeId));
    if (isAllowed(m, 'store_admin', storeId)) rooms.push(storeAdminRoom(orgaId, storeId));
    if (!isAllowed(m, 'store_read', storeId)) continue;
    rooms.push(storeRoom(orgaId, storeId));
    // GET …/store/:store/customer|pet: store_read at the gateway, pet_read in the service
    if (isAllowed(m, 'pet_read', storeId)) rooms.push(petsRoom(orgaId, storeId));
  }
  // GET /orga/:orga/shared/customers|pets: any member, then pet_read in one of their stores
  if (canUseSharedLists(m, 'pet_read')) rooms.push(sharedPetsRoom(orgaId));
  return rooms;
}

const subjectPattern = /^evt\.([a-z][a-z-]*)\.([a-z][a-z0-9-_]*)\.([a-z][a-z0-9-_]*)\.v[0-9]+$/;

/**
 * The rooms an event is sent to: those of the members who may read its entity over HTTP. An
 * event of no known kind goes to its store's readers when it has a store, else to the
 * organization's administrators only: a new kind of event never reaches every member by default.
 */
export function eventRoomsOf(envelope: EventEnvelope): string[] {
  const match = subjectPattern.exec(envelope.subject);
  const orgaId = envelope.orgaId;
  if (!match || !orgaId) return [];
  const service = match[1] ?? '';
  const scope = match[2] ?? '';
  const storeId = storeOf(envelope);
  if (service === 'identity') {
    switch (scope) {
      // GET /orga/:orga (subscription, settings, minimum ranks): every member
      case 'orga':
        return [memberRoom(orgaId)];
      // GET /orga/:orga/store lists the stores the member reaches
      case 'store':
        return storeId ? [reachRoom(orgaId, storeId)] : [adminRoom(orgaId)];
      // the team list is the administrators'; the member hears of their own change
      case 'member': {
        const userId = stringField(envelope.data, 'user_id');
        return userId ? [adminRoom(orgaId), ownRoom(orgaId, userId)] : [adminRoom(orgaId)];
      }
      // a person's registration, e-mail and sessions are nobody else's
      default:
        return [];
    }
  }
  if (service === 'crm') {
    // GET /orga/:orga/tags: every member
    if (scope === 'tag') return [memberRoom(orgaId)];
    if (scope.startsWith('customer') || scope.startsWith('pet')) {
      return storeId ? [petsRoom(orgaId, storeId), sharedPetsRoom(orgaId)] : [adminRoom(orgaId)];
    }
  }
  // GET …/marketing/store/:store and …/marketing/:campaign: the store's administrators; GET /orga/:orga/marketing:
  // the organization's. A campaign message's status moves a campaign customer, read the same way.
  if (service === 'marketing' || (service === 'messaging' && scope.startsWith('campaign'))) {
    return storeId ? [storeAdminRoom(orgaId, storeId), adminRoom(orgaId)] : [adminRoom(orgaId)];
  }
  return storeId ? [storeRoom(orgaId, storeId)] : [adminRoom(orgaId)];
}

/** The event's store: the envelope's, else its payload's store_id. */
function storeOf(envelope: EventEnvelope): string | null {
  return envelope.storeId ?? stringField(envelope.data, 'store_id');
}

function stringField(data: unknown, key: string): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** What a socket must leave and join to be in `target` (its non-access rooms untouched). */
export function roomChanges(current: Iterable<string>, target: readonly string[]): { leave: string[]; join: string[] } {
  const now = new Set([...current].filter(isAccessRoom));
  const wanted = new Set(target);
  return { leave: [...now].filter((room) => !wanted.has(room)), join: [...wanted].filter((room) => !now.has(room)) };
}
