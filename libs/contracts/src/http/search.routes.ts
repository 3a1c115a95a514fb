import { z } from 'zod';
import { SEARCH_MIN_CHARS } from '../constants/search';
import { defineRoute } from '../core/http-route';

// Issue 29 the command palette's one search (ADR 0061): crm finds customers (names, e-mail, phone digits, pet
// names) and pets, scheduling the upcoming appointments of the pets found; the gateway joins them with the
// caller's rights in the store (the organization's customers with share_pets, R6.08).

const STORE = '/api/v1/orga/:orga/store/:store';
const uuid = z.string().uuid();

export const searchEverywhereQuerySchema = z.strictObject({ q: z.string().trim().min(SEARCH_MIN_CHARS).max(100) });

export const searchEverywhereSchema = z.object({
  customers: z.array(
    z.object({
      id: uuid,
      first_name: z.string(),
      last_name: z.string(),
      fon: z.string().nullable(),
      fon_2: z.string().nullable(),
      pet_names: z.array(z.string()),
      /** the customer's number a phone term found, null for any other term */
      phone_match: z.string().nullable(),
    }),
  ),
  pets: z.array(z.object({ id: uuid, name: z.string(), customer_id: uuid, owner_first_name: z.string(), owner_last_name: z.string() })),
  /** the soonest upcoming appointments of the pets found and of the customers found */
  appointments: z.array(
    z.object({
      id: uuid,
      date: z.string(),
      hour: z.number().int(),
      min: z.number().int(),
      starts_at: z.string(),
      app_name: z.string().nullable(),
      pet_names: z.array(z.string()),
      customer_id: uuid,
      customer_first_name: z.string(),
      customer_last_name: z.string(),
    }),
  ),
});
export type SearchEverywhereResult = z.infer<typeof searchEverywhereSchema>;

export const searchHttpRoutes = {
  searchEverywhere: defineRoute({
    method: 'get',
    path: `${STORE}/search`,
    summary: 'The command palette (issue 29): customers, phone numbers, pets with owner and upcoming appointments matching q',
    tag: 'crm',
    query: searchEverywhereQuerySchema,
    response: searchEverywhereSchema,
  }),
};
