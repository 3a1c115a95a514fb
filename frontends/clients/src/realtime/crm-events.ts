import type { RealtimeMessage } from '@pawline/api-client';

/** A crm event as this remote reads it (R4.20): which entity, its id, and whether it is gone. */
export type CrmEvent = { entity: 'customer' | 'pet' | 'tag'; id: string | null; verb: string; deleted: boolean; storeId: string | null };

const ENTITIES = new Set<CrmEvent['entity']>(['customer', 'pet', 'tag']);

/** The crm event of a realtime message (evt.crm.customer|pet|tag.*), or null for anything else. */
export function crmEventOf(message: RealtimeMessage): CrmEvent | null {
  const entity = message.scope as CrmEvent['entity'];
  if (!ENTITIES.has(entity)) return null;
  return {
    entity,
    id: typeof message.data === 'string' ? message.data : null,
    verb: message.event,
    deleted: message.event === 'deleted',
    storeId: message.store_id,
  };
}

/** What an open list of customers or pets does with an event about its entity. */
export type ListAction = { type: 'remove'; id: string } | { type: 'refetch-row'; id: string } | { type: 'refetch-list' } | null;

/**
 * R4.20 on a list: `deleted` removes the row; any other event of a shown row refetches that row;
 * one of a row not shown (a customer or pet created elsewhere) refetches the list.
 */
export function listActionOf(event: CrmEvent | null, entity: 'customer' | 'pet', shownIds: readonly string[]): ListAction {
  if (!event || event.entity !== entity) return null;
  if (event.deleted) return event.id && shownIds.includes(event.id) ? { type: 'remove', id: event.id } : null;
  if (event.id && shownIds.includes(event.id)) return { type: 'refetch-row', id: event.id };
  return { type: 'refetch-list' };
}

export function withoutRow<T extends { id: string }>(items: readonly T[], id: string): T[] {
  return items.filter((item) => item.id !== id);
}

export function withRow<T extends { id: string }>(items: readonly T[], row: T): T[] {
  return items.map((item) => (item.id === row.id ? row : item));
}

/** What an open customer page or pet page does with an event. */
export type PageAction = 'deleted' | 'refetch' | null;

/** The customer or pet an open page shows, with what its events depend on (a pet's owner, a customer's pets). */
export type PageTarget = { entity: 'customer' | 'pet'; id: string; ownerId?: string | null; petIds?: readonly string[] };

/**
 * R4.20 on the page of one customer or pet: its deletion (or, for a pet, its owner's) shows the
 * "deleted on another device" state; another event of it, of its owner, of one of its pets or of
 * a tag refetches the page.
 */
export function pageActionOf(event: CrmEvent | null, page: PageTarget): PageAction {
  if (!event) return null;
  if (event.entity === 'tag') return 'refetch';
  const own = event.entity === page.entity && event.id === page.id;
  const owner = page.entity === 'pet' && event.entity === 'customer' && !!page.ownerId && event.id === page.ownerId;
  if (own || owner) return event.deleted ? 'deleted' : 'refetch';
  if (page.entity === 'customer' && event.entity === 'pet') {
    // a shown pet's change or removal is the page's; a pet created elsewhere may be this customer's
    if (event.id && page.petIds?.includes(event.id)) return 'refetch';
    return event.verb === 'created' ? 'refetch' : null;
  }
  return null;
}
