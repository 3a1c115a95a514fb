import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf, type QueryOf } from '@pawline/api-client';
import type { CustomerSort } from '@pawline/contracts';

// The wire shapes of the clients remote, derived from the route declarations (libs/contracts/src/http/crm.routes.ts);
// the pages read and write them with useApiQuery, useApiPages, useApiMutation and useApiUpload.
export type CustomerWrite = BodyOf<'createCustomer'>;
/** A pet's fields as the editor writes them; a new pet adds its customer_id. */
export type PetWrite = Omit<BodyOf<'createPet'>, 'customer_id'>;
export type TagAssignmentInput = NonNullable<CustomerWrite['tags']>[number];
export type CustomerDetail = AnswerOf<'getCustomer'>;
export type PetDetail = AnswerOf<'getPet'>;
export type CustomerListItem = AnswerOf<'listCustomers'>['items'][number];
export type PetListItem = AnswerOf<'listPets'>['items'][number];
export type Tag = AnswerOf<'listTags'>[number];
export type StoredFile = AnswerOf<'uploadPetImage'>;
/** A page of a pet's appointments (items, their treatments and pets), newest first. */
export type PetAppointmentPage = AnswerOf<'listPetAppointments'>;
export type PetAppointment = PetAppointmentPage['items'][number];
/** Where the next page of a pet's appointments starts: after this appointment's start and id. */
export type PetAppointmentCursor = { starts_at: string; id: string };

/** spec §9 lists of customers and pets: 50 a page (R4.22: done when a page comes back shorter). */
export const LIST_PAGE_SIZE = 50;
/** A customer's pets on their page: all of them in one read (the list's largest page). */
export const CUSTOMER_PETS_LIMIT = 200;

/** What a list screen asks for; sent as the declared query (text, the tag ids comma-joined). */
export type CustomerListQuery = { q?: string; sort?: CustomerSort; tag_ids?: readonly string[]; last_id?: string | null; limit?: number };
export type PetListQuery = { q?: string; customer_id?: string; last_id?: string | null; limit?: number };

/** R7.07 the customer list's query string: the search trimmed, the tag ids comma-joined, nothing empty. */
export function customerListQuery(query: CustomerListQuery): QueryOf<'listCustomers'> {
  return {
    q: query.q?.trim() || undefined,
    sort: query.sort,
    tag_ids: query.tag_ids && query.tag_ids.length > 0 ? query.tag_ids.join(',') : undefined,
    last_id: query.last_id ?? undefined,
    limit: query.limit,
  };
}

export function petListQuery(query: PetListQuery): QueryOf<'listPets'> {
  return { q: query.q?.trim() || undefined, customer_id: query.customer_id, last_id: query.last_id ?? undefined, limit: query.limit };
}

/** The next page of a list after its last row, or null once a page came back short (R4.22). */
export function nextAfterLast<T extends { id: string }>(items: readonly T[], pageSize = LIST_PAGE_SIZE): string | null {
  return items.length < pageSize ? null : (items.at(-1)?.id ?? null);
}

/**
 * What a customer's write changes on screen: the customer lists (a name, the pets column), the pet lists that
 * name the owner and, for a change, the customer's page. A deletion leaves the page itself alone: it is left at once.
 */
export function customerWrites(orga: string, store: string, customer?: string): ApiQueryFilter[] {
  const lists = [
    apiQueryFilter('listCustomers', { orga, store }),
    apiQueryFilter('listSharedCustomers', { orga }),
    apiQueryFilter('listPets', { orga }),
    apiQueryFilter('listSharedPets', { orga }),
  ];
  return customer ? [...lists, apiQueryFilter('getCustomer', { orga, id: customer })] : lists;
}

/** What a pet's write changes: the pet lists (its owner's page reads one), the customers' pets column and the pet's page. */
export function petWrites(orga: string, pet?: string): ApiQueryFilter[] {
  const lists = [
    apiQueryFilter('listPets', { orga }),
    apiQueryFilter('listSharedPets', { orga }),
    apiQueryFilter('listCustomers', { orga }),
    apiQueryFilter('listSharedCustomers', { orga }),
  ];
  return pet ? [...lists, apiQueryFilter('getPet', { orga, id: pet })] : lists;
}

/** A tag's write: the tags and every list and page that shows tags. */
export function tagWrites(orga: string): ApiQueryFilter[] {
  return [
    apiQueryFilter('listTags', { orga }),
    apiQueryFilter('listCustomers', { orga }),
    apiQueryFilter('listSharedCustomers', { orga }),
    apiQueryFilter('listPets', { orga }),
    apiQueryFilter('listSharedPets', { orga }),
    apiQueryFilter('getCustomer', { orga }),
    apiQueryFilter('getPet', { orga }),
  ];
}

/** A customer's privacy file or a pet's photo added, replaced or removed: the file list shown. */
export function privacyFileWrites(orga: string, customer: string): ApiQueryFilter[] {
  return [apiQueryFilter('listPrivacyFiles', { orga, customer })];
}

export function petImageWrites(orga: string, pet: string): ApiQueryFilter[] {
  return [apiQueryFilter('listPetImages', { orga, pet }), apiQueryFilter('getPet', { orga, id: pet })];
}
