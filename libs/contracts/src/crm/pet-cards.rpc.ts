import { z } from 'zod';
import { defineRpc } from '../core';
import { petCardVaccineSchema } from './care-shapes';
import { assignedTagSchema, CUSTOMER_PAGE_SIZE_MAX, petTypeSchema, storeScopeSchema } from './crm-shapes';

/** At most this many pets in one batch read: the crm page size a week of the calendar can show. */
export const PET_CARDS_MAX = CUSTOMER_PAGE_SIZE_MAX;

/** What an appointment's card and its dialog's header show of a pet and its owner. */
export const petCardSchema = z.object({
  pet_id: z.string().uuid(),
  name: z.string(),
  pet_type: petTypeSchema,
  breed: z.string().nullable(),
  /** what the groomer must know before touching the pet (the day sheet prints it) */
  allergies: z.string().nullable(),
  customer_id: z.string().uuid(),
  customer_first_name: z.string(),
  customer_last_name: z.string(),
  customer_fon: z.string().nullable(),
  tags: z.array(assignedTagSchema),
  customer_tags: z.array(assignedTagSchema),
  /** issue 31: the latest verified end of each of the pet's vaccines (always answered, optional for older clients) */
  vaccinations: z.array(petCardVaccineSchema).optional(),
});
export type PetCard = z.infer<typeof petCardSchema>;

/**
 * GET .../pets/cards?ids=a,b: the cards of the pets among these ids that the store may see (the same
 * store and shared-pets rule as a pet's own read); others are left out, never refused one by one.
 */
export const listPetCardsRpc = defineRpc(
  'rpc.crm.pet.cards',
  z.strictObject({ ...storeScopeSchema, pet_ids: z.array(z.string().uuid()).min(1).max(PET_CARDS_MAX) }),
  z.object({ items: z.array(petCardSchema) }),
);
