import { bookingRuleCreatedEvent } from '@pawline/contracts';
import { SpanKind, inSpan, type OutboxService } from '@pawline/nest-kit';
import type { DataSource } from 'typeorm';
import { RULE_COLUMNS, toBookingRule, type BookingRuleRow } from './booking-rule-rows';

/** Rules per transaction: one page of booking_rule, its outbox rows written with it. */
export const REPUBLISH_PAGE = 500;

/**
 * R1.12 publishes `evt.booking.rule.created.v1` again, with the rule, for every rule booking has now
 * (docs/adr/0034): rules made before the event carried the rule were published with their id only, so analytics
 * never learnt those working hours. Through booking's outbox, a page of rules per transaction (written with the
 * trace of this run, published by the relay in order); each page's rows are read FOR SHARE, so a rule deleted
 * meanwhile has its `rule.deleted` after this `rule.created`, never before. Analytics keeps a rule it knows as it
 * is (same id, same content), so running it again changes nothing there; a deleted rule is not published again.
 */
export async function republishRules(
  db: DataSource,
  outbox: OutboxService,
): Promise<{ rules: number; pages: number; lastEventId: string | null }> {
  let rules = 0;
  let pages = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  let lastEventId: string | null = null;
  for (;;) {
    const page = await inSpan('booking republish-rules page', SpanKind.INTERNAL, { after }, () =>
      db.transaction(async (manager) => {
        const rows = await manager.query<BookingRuleRow[]>(
          `SELECT ${RULE_COLUMNS} FROM booking_rule WHERE id > $1 ORDER BY id LIMIT ${REPUBLISH_PAGE} FOR SHARE`,
          [after],
        );
        for (const row of rows) {
          const rule = toBookingRule(row);
          const envelope = await outbox.add(
            manager,
            bookingRuleCreatedEvent,
            { orga_id: rule.orga_id, store_id: rule.store_id, rule_id: rule.id, rule },
            { orgaId: rule.orga_id, storeId: rule.store_id, actor: null },
          );
          lastEventId = envelope.id;
        }
        return rows.map((row) => row.id);
      }),
    );
    if (page.length === 0) break;
    rules += page.length;
    pages += 1;
    after = page[page.length - 1]!;
    if (page.length < REPUBLISH_PAGE) break;
  }
  return { rules, pages, lastEventId };
}
