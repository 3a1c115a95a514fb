import type { CustomerEventSnapshot, PetEventSnapshot } from '@pawline/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The clock after this transaction changed (and locked) the row: a later change of the same row waits for our
 * commit and reads a later clock, whatever the two transactions' start times (now()). Consumers keep the newest.
 */
const VERSION = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The customer as other services keep it (messaging's directory; marketing's audience: city and tags), for the customer events. */
export async function customerEventSnapshot(m: EntityManager, customerId: string): Promise<CustomerEventSnapshot> {
  const [row] = await m.query<CustomerEventSnapshot[]>(
    `SELECT first_name, last_name, country, fon, fon_2, consent_messages, consent_reminders, consent_marketing, ${VERSION} AS version,
            city, ARRAY(SELECT tag_id::text FROM customer_tag WHERE customer_id = customer.id ORDER BY tag_id) AS tag_ids
       FROM customer WHERE id = $1`,
    [customerId],
  );
  if (!row) throw new Error(`customer ${customerId} vanished inside its own transaction`);
  return row;
}

/** The pet as other services keep it (messaging: its name and birthday), for the pet events. */
export async function petEventSnapshot(m: EntityManager, petId: string): Promise<PetEventSnapshot> {
  const [row] = await m.query<PetEventSnapshot[]>(`SELECT name, born::text AS born, ${VERSION} AS version FROM pet WHERE id = $1`, [petId]);
  if (!row) throw new Error(`pet ${petId} vanished inside its own transaction`);
  return row;
}
