import type { Customer } from '@pawline/contracts';

/** The columns of a customer as the API names them, with pet names and the privacy file. */
export const CUSTOMER_COLUMNS = `c.id, c.orga_id, c.store_id, c.first_name, c.last_name, c.address, c.city, c.zip_code, c.country,
  c.fon, c.fon_2, c.email, c.notes, c.veterinary, c.consent_messages, c.consent_reminders, c.consent_marketing,
  c.created_at, c.updated_at,
  ARRAY(SELECT p.name FROM pet p WHERE p.customer_id = c.id ORDER BY p.name, p.id) AS pet_names,
  (SELECT f.id FROM stored_file f WHERE f.owner_id = c.id AND f.kind = 'customer_privacy' ORDER BY f.created_at DESC LIMIT 1) AS privacy_file_id`;

export type CustomerRow = Omit<Customer, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

export function toCustomer(row: CustomerRow): Customer {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
