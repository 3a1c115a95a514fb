import type { BookingPet, BookingSlot } from '@pawline/contracts';

export type BookingSlotRow = {
  id: string;
  orga_id: string;
  store_id: string;
  created_time: string;
  status: BookingSlot['status'];
  user_id: string;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  hour: number;
  min: number;
  duration: number;
  treatment_ids: string;
  pets: BookingPet[];
  customer_id: string | null;
  first_name: string;
  last_name: string;
  fon: string;
  email: string | null;
  notes: string | null;
  consent_messages: boolean;
  consent_reminders: boolean;
  consent_marketing: boolean;
  language: string;
  appointment_id: string | null;
  accept_customer_id: string | null;
  accept_pet_ids: (string | null)[] | null;
};

export const SLOT_COLUMNS = `id, orga_id, store_id, created_time, status, user_id, lower(during) AS starts_at, upper(during) AS ends_at,
  to_char(local_date, 'YYYY-MM-DD') AS local_date, hour, min, duration, treatment_ids, pets, customer_id, first_name, last_name, fon,
  email, notes, consent_messages, consent_reminders, consent_marketing, language, appointment_id, accept_customer_id, accept_pet_ids`;

/** R3.10 treatment_ids as the JSON list string it is kept as, and split into a list. */
export function toBookingSlot(row: BookingSlotRow): BookingSlot {
  return {
    id: row.id,
    orga_id: row.orga_id,
    store_id: row.store_id,
    created_time: Number(row.created_time),
    status: row.status,
    user_id: row.user_id,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    date: row.local_date,
    hour: row.hour,
    min: row.min,
    duration: row.duration,
    treatment_ids: row.treatment_ids,
    treatment_id_list: treatmentIdList(row.treatment_ids),
    pets: row.pets,
    customer_id: row.customer_id,
    first_name: row.first_name,
    last_name: row.last_name,
    fon: row.fon,
    email: row.email,
    notes: row.notes,
    consent_messages: row.consent_messages,
    consent_reminders: row.consent_reminders,
    consent_marketing: row.consent_marketing,
    language: row.language,
    appointment_id: row.appointment_id,
  };
}

/** R3.10 the list a JSON list string holds; anything but a list of strings is no list. */
export function treatmentIdList(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** R9.05 booking requests come 100 a page. */
export const SLOT_PAGE_SIZE = 100;
