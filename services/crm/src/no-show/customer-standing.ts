import { customerStandingChangedEvent } from '@pawline/contracts';
import { phoneKey } from '@pawline/domain';
import type { OutboxMeta, OutboxService } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

type StandingRow = {
  id: string;
  store_id: string;
  fon: string | null;
  fon_2: string | null;
  email: string | null;
  no_shows: number;
  version: string;
};

/**
 * Issue 30 publishes each customer's standing for online booking (customerStandingChangedEvent) in the caller's
 * transaction: their phone keys, e-mail and no-shows, in one query for all of them.
 */
export async function publishStanding(
  m: EntityManager,
  outbox: OutboxService,
  orgaId: string,
  customerIds: readonly string[],
  meta: Omit<OutboxMeta, 'storeId'>,
): Promise<void> {
  if (customerIds.length === 0) return;
  const rows = await m.query<StandingRow[]>(
    `SELECT c.id, c.store_id, c.fon, c.fon_2, c.email,
       (SELECT count(*)::int FROM appointment_no_show n
         WHERE n.orga_id = c.orga_id AND n.no_show AND EXISTS (SELECT 1 FROM pet p WHERE p.customer_id = c.id AND p.id = ANY(n.pet_ids))) AS no_shows,
       to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS version
     FROM customer c WHERE c.orga_id = $1 AND c.id = ANY($2::uuid[])`,
    [orgaId, customerIds],
  );
  for (const row of rows) {
    const phoneKeys = [...new Set([phoneKey(row.fon), phoneKey(row.fon_2)].filter((key): key is string => key !== null))];
    await outbox.add(
      m,
      customerStandingChangedEvent,
      {
        orga_id: orgaId,
        store_id: row.store_id,
        customer_id: row.id,
        phone_keys: phoneKeys,
        email: row.email?.trim().toLowerCase() || null,
        no_shows: row.no_shows,
        deleted: false,
        version: row.version,
      },
      { ...meta, storeId: row.store_id },
    );
  }
}
