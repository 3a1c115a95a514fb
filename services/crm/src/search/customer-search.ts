import type { EntityManager } from 'typeorm';
import { customerSearchText, customerSortName, type SearchableCustomer } from './search-text';

/** Recomputes a customer's sort key and search text (names, contacts, pet names) inside the caller's transaction. */
export async function refreshCustomerSearch(m: Pick<EntityManager, 'query'>, customerId: string): Promise<void> {
  const rows: (SearchableCustomer & { pet_names: string[] })[] = await m.query(
    `SELECT c.first_name, c.last_name, c.email, c.fon, c.fon_2, ARRAY(SELECT p.name FROM pet p WHERE p.customer_id = c.id) AS pet_names
       FROM customer c WHERE c.id = $1`,
    [customerId],
  );
  const row = rows[0];
  if (!row) return;
  await m.query(`UPDATE customer SET search_text = $2, sort_name = $3 WHERE id = $1`, [
    customerId,
    customerSearchText(row, row.pet_names),
    customerSortName(row),
  ]);
}
