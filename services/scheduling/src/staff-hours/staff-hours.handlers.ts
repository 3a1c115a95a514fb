import { Controller } from '@nestjs/common';
import { bookingRuleCreatedEvent, bookingRuleDeletedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

/**
 * Keeps staff_hours from booking's rule events (one durable: a rule's delete follows its create). A rule event
 * written before events carried the rule names its id only: booking's republish command sends it again.
 */
@Controller()
export class StaffHoursHandlers {
  @EventHandler({ durable: 'scheduling-staff-hours', events: [bookingRuleCreatedEvent, bookingRuleDeletedEvent], maxDeliver: 10 })
  async onRule(event: EventEnvelope<EventPayload<typeof bookingRuleCreatedEvent>>, manager: EntityManager): Promise<void> {
    const { orga_id, store_id, rule_id, rule } = event.data;
    if (event.subject.endsWith(bookingRuleDeletedEvent.subject)) {
      await manager.query(
        `INSERT INTO staff_hours (rule_id, orga_id, store_id, kind, start_s, end_s, deleted) VALUES ($1, $2, $3, 'closed', 0, 0, true)
         ON CONFLICT (rule_id) DO UPDATE SET deleted = true`,
        [rule_id, orga_id, store_id],
      );
      return;
    }
    if (!rule) return;
    await manager.query(
      `INSERT INTO staff_hours (rule_id, orga_id, store_id, user_id, kind, weekday, start_date, end_date, start_s, end_s)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (rule_id) DO NOTHING`,
      [
        rule_id,
        orga_id,
        store_id,
        rule.user_id,
        rule.kind,
        rule.weekday,
        rule.start_date,
        rule.end_date,
        rule.start_hour * 3600 + rule.start_min * 60 + rule.start_sec,
        rule.end_hour * 3600 + rule.end_min * 60 + rule.end_sec,
      ],
    );
  }
}
