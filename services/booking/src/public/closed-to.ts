import type { Language } from '@pawline/contracts';
import { phoneKey, policyTextFor, type PolicyTexts } from '@pawline/domain';
import type { DataSource } from 'typeorm';

/**
 * Issue 30 whether the store closed online booking to the customer asking (their no-shows reach the policy's
 * number), matched as crm matches a customer (phone key of the store's customers, else the e-mail): one statement on
 * the policy's primary key and the standing's indexes, so a request's hot path grows by one indexed read. Answers
 * the salon's message in the customer's language (null when the salon wrote none), or false when not closed.
 */
export async function closedTo(
  db: Pick<DataSource, 'query'>,
  storeId: string,
  customer: { fon: string; email: string | null; language: Language },
): Promise<{ message: string | null } | false> {
  const rows = await db.query<{ closed_message: PolicyTexts }[]>(
    `SELECT p.closed_message FROM booking_no_show_policy p
      WHERE p.store_id = $1 AND p.close_after_no_shows IS NOT NULL
        AND EXISTS (SELECT 1 FROM booking_customer_standing c
                     WHERE c.store_id = $1 AND NOT c.deleted AND c.no_shows >= p.close_after_no_shows
                       AND (c.phone_key = $2 OR c.phone_key_2 = $2 OR c.email_key = $3))`,
    [storeId, phoneKey(customer.fon), customer.email?.trim().toLowerCase() || null],
  );
  const [policy] = rows;
  return policy ? { message: policyTextFor(policy.closed_message, customer.language) } : false;
}
