import type { BookingMessageFacts } from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import { treatmentIdList } from './booking-slot-rows';

type Runner = Pick<EntityManager, 'query'>;

/** What a request's messages to the customer need, as the request has it (issue 27, bookingMessageFactsSchema). */
export type SlotForMessage = {
  store_id: string;
  first_name: string;
  fon: string;
  language: string;
  consent_messages: boolean;
  starts_at: Date | string;
  treatment_ids: string;
  pets: readonly { name: string }[];
};

/**
 * The facts messaging fills the booking messages from. Treatment names come from booking's own copy of them
 * (the request keeps ids); the widget's page is the store's first allowed origin, where the salon embeds it.
 */
export async function bookingMessageFacts(runner: Runner, slot: SlotForMessage): Promise<BookingMessageFacts> {
  const ids = treatmentIdList(slot.treatment_ids);
  const treatments = ids.length
    ? await runner.query<{ treatment_id: string; name: string }[]>(
        `SELECT treatment_id, name FROM booking_treatment WHERE treatment_id = ANY($1::uuid[])`,
        [ids],
      )
    : [];
  const nameOf = new Map(treatments.map((row) => [row.treatment_id, row.name]));
  const [store] = await runner.query<{ allowed_origins: string[] }[]>(`SELECT allowed_origins FROM booking_store WHERE store_id = $1`, [
    slot.store_id,
  ]);
  return {
    first_name: slot.first_name.slice(0, 100),
    fon: slot.fon.slice(0, 40),
    language: slot.language.slice(0, 2),
    consent_messages: slot.consent_messages,
    starts_at: new Date(slot.starts_at).toISOString(),
    pet_names: slot.pets.slice(0, 5).map((pet) => pet.name.slice(0, 100)),
    treatment_names: ids.flatMap((id) => (nameOf.has(id) ? [(nameOf.get(id) ?? '').slice(0, 200)] : [])).slice(0, 10),
    widget_url: widgetUrl(store?.allowed_origins ?? []),
  };
}

/** The salon's page with the widget: its first allowed origin that is a web address. */
export function widgetUrl(origins: readonly string[]): string | null {
  const origin = origins.find((value) => /^https?:\/\/[^\s]+$/i.test(value));
  return origin ? origin.slice(0, 300) : null;
}
